// Being built (docs/product/reports-and-analytics.md).
export function MemberReportsRoute() {
  return <h1 className="text-3xl font-bold tracking-tight">Member Reports</h1>;
}
