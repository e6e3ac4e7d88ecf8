import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Billing retries: a fixed rule of FitBase, shown where the studio's rules are (read-only). */
export function GeneralRulesCard({ billingRetryDays }: { billingRetryDays: number[] }) {
  const days = billingRetryDays.join(', ').replace(/, (\d+)$/, ' and $1');
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Billing retries</h2>
        </CardTitle>
        <CardDescription>How failed membership charges are tried again</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        <p>
          A failed charge is retried {days} days after the first failure; this schedule is the same
          for every FitBase studio and cannot be changed here.
        </p>
      </CardContent>
    </Card>
  );
}
