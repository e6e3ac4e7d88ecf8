// Being built (docs/product/reports-and-analytics.md).
export function PerformanceAnalyticsRoute() {
  return <h1 className="text-3xl font-bold tracking-tight">Performance</h1>;
}
