import { formatDollars } from '@fitbase/domain/savings';
import { useEffect } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAnalytics } from '../api/get-analytics';

function StatCard({ title, value }: { title: string; value: string | number | undefined }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold" aria-label={title}>
          {value ?? '—'}
        </p>
      </CardContent>
    </Card>
  );
}

export function AnalyticsTab() {
  const analytics = useAnalytics();
  const data = analytics.data;

  useEffect(() => {
    // Analytics fetch errors are only logged (docs/product/owner-portal.md#analytics).
    if (analytics.error) console.error('Failed to fetch analytics', analytics.error);
  }, [analytics.error]);

  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
        <StatCard title="Total Users" value={data?.totalUsers} />
        <StatCard title="Active Subscriptions" value={data?.activeSubscriptions} />
        <StatCard
          title="Monthly Revenue"
          value={data ? formatDollars(data.monthlyRevenue) : undefined}
        />
        <StatCard title="New Users (this month)" value={data?.newUsersThisMonth} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Plan Distribution</CardTitle>
        </CardHeader>
        <CardContent>
          {data && data.planDistribution.length === 0 ? (
            <p className="text-muted-foreground">No subscription data available</p>
          ) : (
            <ul className="space-y-2" aria-label="Plan Distribution">
              {data?.planDistribution.map((plan) => (
                <li key={plan.planId} className="flex justify-between">
                  <span>{plan.planName}</span>
                  <span className="font-medium">
                    {plan.subscriptions}{' '}
                    {plan.subscriptions === 1 ? 'subscription' : 'subscriptions'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
