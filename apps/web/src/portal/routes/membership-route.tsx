import type { PortalMembership } from '@fitbase/domain/contracts/portal';
import { lazy, Suspense, useState } from 'react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useMemberships } from '../api/list-memberships';
import { formatCalendarDate } from '../components/format-time';
import { formatMoney } from '../components/offer-format';
import { usePortalMoney } from '../hooks/use-portal-money';
import { PortalLoading } from '../components/portal-error';

// The dialogs (and their focus-trapping library) load with this page, not with the portal.
const CancelMembershipDialog = lazy(() =>
  import('../components/cancel-membership-dialog').then((m) => ({
    default: m.CancelMembershipDialog,
  })),
);
const PauseMembershipDialog = lazy(() =>
  import('../components/pause-membership-dialog').then((m) => ({
    default: m.PauseMembershipDialog,
  })),
);

const STATUS: Record<
  PortalMembership['status'],
  { label: string; variant: BadgeProps['variant'] }
> = {
  active: { label: 'Active', variant: 'default' },
  paused: { label: 'Paused', variant: 'secondary' },
  past_due: { label: 'Past due', variant: 'destructive' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
  expired: { label: 'Expired', variant: 'outline' },
};

/**
 * The member's current memberships and packs, each with what comes next; cancel or pause one
 * online.
 */
export function MembershipRoute() {
  const memberships = useMemberships();
  const [cancelling, setCancelling] = useState<PortalMembership | null>(null);
  const [pausing, setPausing] = useState<PortalMembership | null>(null);

  if (memberships.error) throw memberships.error;
  if (memberships.isPending) return <PortalLoading label="Loading your membership…" />;

  const list = memberships.data.memberships;
  return (
    <section aria-labelledby="portal-membership-heading" className="space-y-4">
      <h1 id="portal-membership-heading" className="text-xl font-semibold">
        Membership
      </h1>
      {list.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          You have no current membership.
        </p>
      ) : (
        <ul className="space-y-3">
          {list.map((membership) => (
            <MembershipCard
              key={membership.id}
              membership={membership}
              onCancel={() => setCancelling(membership)}
              onPause={() => setPausing(membership)}
            />
          ))}
        </ul>
      )}
      {list.some((membership) => membership.canCancel) || cancelling ? (
        <Suspense fallback={null}>
          <CancelMembershipDialog membership={cancelling} onClose={() => setCancelling(null)} />
        </Suspense>
      ) : null}
      {list.some((membership) => membership.canPause) || pausing ? (
        <Suspense fallback={null}>
          <PauseMembershipDialog
            membership={pausing}
            rules={memberships.data.pauseRules}
            onClose={() => setPausing(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function MembershipCard({
  membership: m,
  onCancel,
  onPause,
}: {
  membership: PortalMembership;
  onCancel: () => void;
  onPause: () => void;
}) {
  const status = STATUS[m.status];
  // The studio's currency and locale (ADR 0038), exact from the decimal string.
  const money = usePortalMoney();
  const nameId = `portal-membership-${m.id}`;
  const day = (date: string) => formatCalendarDate(date, money.locale);
  const facts: string[] = [];
  if (m.nextChargeDate) {
    facts.push(
      m.nextChargeAmount
        ? `Next charge: ${formatMoney(m.nextChargeAmount, money)} on ${day(m.nextChargeDate)}`
        : `Next charge on ${day(m.nextChargeDate)}`,
    );
  }
  if (m.creditsLeft !== null) facts.push(`Credits left: ${m.creditsLeft}`);
  if (m.status === 'paused' && m.resumesOn) facts.push(`Paused until ${day(m.resumesOn)}`);
  if (m.scheduledPause) {
    const { firstDay, lastDay } = m.scheduledPause;
    facts.push(`Pause booked: ${day(firstDay)} to ${day(lastDay)}`);
  }
  if (m.endDate) {
    if (m.ending) facts.push(`Ends on ${day(m.endDate)}`);
    else if (m.kind !== 'membership') facts.push(`Expires ${day(m.endDate)}`);
  }
  return (
    <li className="space-y-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={nameId} className="min-w-0 font-medium">
          {m.planName}
        </h2>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      {facts.length > 0 ? (
        <ul className="space-y-0.5 text-sm tabular-nums text-muted-foreground">
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      ) : null}
      {m.canPause || m.canCancel ? (
        <div className="flex flex-wrap gap-2">
          {m.canPause ? (
            <Button variant="outline" size="sm" aria-describedby={nameId} onClick={onPause}>
              Pause membership
            </Button>
          ) : null}
          {m.canCancel ? (
            <Button variant="outline" size="sm" aria-describedby={nameId} onClick={onCancel}>
              Cancel membership
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
