import type { StudioFormat } from '@fitbase/domain/studio-format';
import { addDays } from '@fitbase/domain/calendar-days';
import type { Membership } from '@fitbase/domain/contracts/plans';
import type { OrganizationRole } from '@fitbase/domain/constants';
import { PLAN_KIND_LABELS } from '@fitbase/domain/money-constants';
import { can } from '@fitbase/domain/permissions';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { failureMessage } from '@/lib/form-errors';
import { cn } from '@/lib/utils';
import { reportError } from '@/lib/report-error';
import { useChangeMembership } from '../api/change-membership';
import { useMemberships } from '../api/list-memberships';
import { membershipActions, type MembershipAction } from '../lib/membership-actions';
import { MembershipInvoice } from './membership-invoice-dialog';
import {
  formatDay,
  isPositive,
  MEMBERSHIP_STATE_CLASSES,
  MEMBERSHIP_STATE_LABELS,
} from '../lib/money-format';
import { ChangePlanDialog } from './change-plan-dialog';
import { CancelMembershipDialog, PauseMembershipDialog } from './membership-action-dialogs';
import { RenewMembershipDialog } from './renew-membership-dialog';
import { SellPlanDialog } from './sell-plan-dialog';
import { useMoney, useStudioFormat } from '@/hooks/use-studio-format';

const CURRENT = new Set(['active', 'paused', 'past_due']);

const ACTION_LABELS: Record<MembershipAction, string> = {
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel',
  renew: 'Renew',
  'change-plan': 'Change Plan',
};

export function MembershipStatusBadge({ status }: { status: Membership['status'] }) {
  return (
    <Badge variant="outline" data-status={status} className={MEMBERSHIP_STATE_CLASSES[status]}>
      {MEMBERSHIP_STATE_LABELS[status]}
    </Badge>
  );
}

type Money = (amount: string) => string;

function facts(
  membership: Membership,
  money: Money,
  format: Pick<StudioFormat, 'locale'>,
): Array<{ label: string; value: string }> {
  const out: Array<{ label: string; value: string }> = [
    { label: 'Started', value: formatDay(membership.startDate, format) ?? '–' },
    { label: 'Ends', value: formatDay(membership.endDate, format) ?? 'Open-ended' },
  ];
  if (membership.nextBillingDate && CURRENT.has(membership.status))
    out.push({
      label: 'Next charge',
      value: `${formatDay(membership.nextBillingDate, format)} · ${money(membership.price)}`,
    });
  if (membership.creditsRemaining !== null)
    out.push({ label: 'Credits remaining', value: String(membership.creditsRemaining) });
  if (membership.plan.weeklyClassLimit !== null)
    out.push({ label: 'Classes per week', value: String(membership.plan.weeklyClassLimit) });
  if (membership.status === 'paused' && membership.resumesOn)
    out.push({ label: 'Resumes', value: formatDay(membership.resumesOn, format) ?? '' });
  // Booked by the member in the portal; it starts by itself on its first day.
  if (membership.status === 'active' && membership.pauseStartsOn && membership.pauseResumesOn)
    out.push({
      label: 'Pause booked',
      value: `${formatDay(membership.pauseStartsOn, format)} to ${formatDay(addDays(membership.pauseResumesOn, -1), format)}`,
    });
  if (membership.nextRetryDate)
    out.push({ label: 'Next retry', value: formatDay(membership.nextRetryDate, format) ?? '' });
  if (isPositive(membership.amountDue))
    out.push({ label: 'Amount due', value: money(membership.amountDue) });
  return out;
}

function MembershipRow({
  membership,
  actions,
  busy,
  onAction,
  canInvoice,
}: {
  membership: Membership;
  actions: MembershipAction[];
  busy: boolean;
  onAction: (action: MembershipAction) => void;
  canInvoice: boolean;
}) {
  const money = useMoney();
  const format = useStudioFormat();
  return (
    <li className="space-y-2 p-4" aria-label={membership.plan.name}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{membership.plan.name}</span>
        <Badge variant="secondary">{PLAN_KIND_LABELS[membership.plan.kind]}</Badge>
        <MembershipStatusBadge status={membership.status} />
        {membership.cancelAtPeriodEnd && CURRENT.has(membership.status) ? (
          <Badge variant="outline">Ends at period end</Badge>
        ) : null}
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {facts(membership, money, format).map((fact) => (
          <div key={fact.label} className="flex gap-2">
            <dt className="text-muted-foreground">{fact.label}:</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {membership.cancelReason ? (
        <p className="text-xs text-muted-foreground">Cancel reason: {membership.cancelReason}</p>
      ) : null}
      {actions.length || canInvoice ? (
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'cancel' ? 'outline' : 'secondary'}
              size="sm"
              disabled={busy}
              onClick={() => onAction(action)}
              aria-label={`${ACTION_LABELS[action]} ${membership.plan.name}`}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
          {canInvoice ? <MembershipInvoice membership={membership} /> : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The member dashboard's Membership tab (docs/product/money-and-store.md#plans-and-memberships): current
 * and past memberships with their actions, Sell plan, and what the member owes.
 */
export function MembershipPanel({
  memberId,
  role,
}: {
  memberId: string;
  role: OrganizationRole | null;
}) {
  const memberships = useMemberships(memberId);
  const money = useMoney();
  const change = useChangeMembership(memberId);
  const [selling, setSelling] = useState(false);
  const [pausingId, setPausingId] = useState<string | null>(null);
  const [cancellingId, setCancellingId] = useState<string | null>(null);
  const [renewingId, setRenewingId] = useState<string | null>(null);
  const [changingId, setChangingId] = useState<string | null>(null);
  const list = memberships.data?.memberships ?? [];
  const current = list.filter((m) => CURRENT.has(m.status));
  const past = list.filter((m) => !CURRENT.has(m.status));
  const balance = memberships.data?.balanceOwed ?? '0.00';

  const run = (membership: Membership, action: MembershipAction) => {
    if (action === 'pause') return setPausingId(membership.id);
    if (action === 'cancel') return setCancellingId(membership.id);
    // Renew charges: the dialog asks how the member pays.
    if (action === 'renew') return setRenewingId(membership.id);
    if (action === 'change-plan') return setChangingId(membership.id);
    change.mutate(
      { action, id: membership.id },
      {
        onSuccess: () => toast.success('Membership resumed', { description: membership.plan.name }),
        onError: (error) =>
          reportError(error, {
            title: 'Failed to resume membership',
            fallback: 'Please try again',
          }),
      },
    );
  };

  const rows = (items: Membership[]) => (
    <ul className="divide-y rounded-md border">
      {items.map((membership) => (
        <MembershipRow
          key={membership.id}
          membership={membership}
          actions={membershipActions(membership, role)}
          busy={change.isPending && change.variables?.id === membership.id}
          onAction={(action) => run(membership, action)}
          canInvoice={can(role, 'money.sell')}
        />
      ))}
    </ul>
  );

  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>Memberships</h2>
          </CardTitle>
          <CardDescription>Plans this member has bought</CardDescription>
        </div>
        {can(role, 'money.sell') ? (
          <Button size="sm" onClick={() => setSelling(true)}>
            <Plus aria-hidden />
            Sell Plan
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        {isPositive(balance) ? (
          <p
            role="status"
            className={cn('rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900')}
          >
            Balance owed: <strong>{money(balance)}</strong>
          </p>
        ) : null}
        {memberships.isPending ? (
          <p className="text-sm text-muted-foreground">Loading memberships...</p>
        ) : memberships.isError ? (
          <p className="text-sm text-muted-foreground">
            {failureMessage(memberships.error, 'Failed to load memberships')}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No memberships yet.</p>
        ) : (
          <>
            <section aria-label="Current memberships" className="space-y-2">
              <h3 className="text-sm font-semibold">Current</h3>
              {current.length ? (
                rows(current)
              ) : (
                <p className="text-sm text-muted-foreground">No current membership.</p>
              )}
            </section>
            {past.length ? (
              <section aria-label="Past memberships" className="space-y-2">
                <h3 className="text-sm font-semibold">Past</h3>
                {rows(past)}
              </section>
            ) : null}
          </>
        )}
      </CardContent>
      <SellPlanDialog memberId={memberId} open={selling} onOpenChange={setSelling} />
      <PauseMembershipDialog
        membership={list.find((m) => m.id === pausingId)}
        onOpenChange={(open) => !open && setPausingId(null)}
        change={change}
      />
      <CancelMembershipDialog
        membership={list.find((m) => m.id === cancellingId)}
        onOpenChange={(open) => !open && setCancellingId(null)}
        change={change}
      />
      <RenewMembershipDialog
        memberId={memberId}
        membership={list.find((m) => m.id === renewingId)}
        onOpenChange={(open) => !open && setRenewingId(null)}
        change={change}
      />
      <ChangePlanDialog
        memberId={memberId}
        membership={list.find((m) => m.id === changingId)}
        onOpenChange={(open) => !open && setChangingId(null)}
      />
    </Card>
  );
}
