import { DEFAULT_LOCALE } from '@fitbase/domain/studio-format';
import { Info } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentOrganization } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { useBilling, useSetCancelAtPeriodEnd } from '../api/billing';
import { BillingInvoices } from './billing-invoices';
import { BillingPlans, planName } from './billing-plans';

const STATUS: Record<string, string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  cancelled: 'Cancelled',
};

// FitBase's own prices stay in USD, but its dates are written the studio's way, like every date.
const day = (iso: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(iso));

/** Settings → Billing (owners): the studio's FitBase subscription. */
export function BillingTab({ canManage }: { canManage: boolean }) {
  const { organization } = useCurrentOrganization();
  const organizationId = organization?.id ?? '';
  const billing = useBilling(canManage && Boolean(organizationId));
  const cancel = useSetCancelAtPeriodEnd();
  if (!canManage)
    return (
      <p className="pt-2 text-sm text-muted-foreground">
        Only the studio owner can see and change the FitBase subscription.
      </p>
    );
  if (!organization || billing.isPending)
    return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (billing.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load billing
      </p>
    );
  const b = billing.data;
  const tz = organization.timezone;
  const locale = organization.locale ?? DEFAULT_LOCALE;
  const percent = b.maxMembers
    ? Math.min(100, Math.round((b.memberCount / b.maxMembers) * 100))
    : 0;

  const toggleCancel = () =>
    cancel.mutate(!b.cancelAtPeriodEnd, {
      onSuccess: (next) =>
        toast.success(
          next.cancelAtPeriodEnd
            ? 'Your subscription ends at the end of the period'
            : 'Your subscription will renew',
        ),
      onError: (error) =>
        reportError(error, { title: 'Not changed', fallback: 'Please try again' }),
    });

  return (
    <div className="space-y-6 pt-2">
      <div
        role="note"
        className="flex gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100"
      >
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          This is a demo implementation. No card is charged and no payment processor is contacted:
          plan changes take effect at once and their invoices are recorded as paid.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Your subscription</h2>
          </CardTitle>
          <CardDescription>
            {planName(b.tier)}
            {b.priceMonthly
              ? ` · $${Number(b.priceMonthly).toFixed(0)} per month`
              : ' · free'} · {STATUS[b.status] ?? b.status}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 text-sm">
          {b.trialDaysLeft !== null ? (
            <p data-testid="trial-days-left">
              {b.trialDaysLeft === 1 ? '1 day' : `${b.trialDaysLeft} days`} left in your trial
              {b.trialEndsAt ? ` (ends ${day(b.trialEndsAt, tz, locale)})` : ''}. Choose a plan to
              keep going.
            </p>
          ) : null}
          <div className="space-y-1">
            <p data-testid="member-use" className="font-medium">
              {b.maxMembers === null
                ? `${b.memberCount} members (unlimited)`
                : `${b.memberCount} / ${b.maxMembers} members`}
            </p>
            {b.maxMembers !== null ? (
              <div
                role="progressbar"
                aria-label="Members used"
                aria-valuemin={0}
                aria-valuemax={b.maxMembers}
                aria-valuenow={b.memberCount}
                className="h-2 w-full max-w-md overflow-hidden rounded-full bg-muted"
              >
                <div className="h-full bg-primary" style={{ width: `${percent}%` }} />
              </div>
            ) : null}
          </div>
          {b.periodEnd ? (
            <div className="flex flex-wrap items-center gap-3">
              <p>
                {b.cancelAtPeriodEnd ? 'Ends on ' : 'Renews on '}
                {day(b.periodEnd, tz, locale)}
              </p>
              <Button
                variant="outline"
                size="sm"
                disabled={cancel.isPending}
                onClick={toggleCancel}
              >
                {b.cancelAtPeriodEnd ? 'Resume' : 'Cancel at period end'}
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>
      <BillingPlans current={b.tier} />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Invoices</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <BillingInvoices invoices={b.invoices} />
        </CardContent>
      </Card>
    </div>
  );
}
