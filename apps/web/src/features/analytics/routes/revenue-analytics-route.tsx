// Being built (docs/product/reports-and-analytics.md).
export function RevenueAnalyticsRoute() {
  return <h1 className="text-3xl font-bold tracking-tight">Revenue Reports</h1>;
}
