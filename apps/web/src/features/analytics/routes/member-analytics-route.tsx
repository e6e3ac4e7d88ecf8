// Being built (docs/product/reports-and-analytics.md).
export function MemberAnalyticsRoute() {
  return <h1 className="text-3xl font-bold tracking-tight">Member Analytics</h1>;
}
