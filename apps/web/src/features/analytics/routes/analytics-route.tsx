// Being built (docs/product/reports-and-analytics.md).
export function AnalyticsRoute() {
  return <h1 className="text-3xl font-bold tracking-tight">Analytics</h1>;
}
