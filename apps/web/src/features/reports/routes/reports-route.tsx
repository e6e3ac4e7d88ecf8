// Being built (docs/product/reports-and-analytics.md).
export function ReportsRoute() {
  return <h1 className="text-3xl font-bold tracking-tight">Reports</h1>;
}
