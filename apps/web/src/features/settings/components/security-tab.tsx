import { can } from '@fitbase/domain/permissions';
import { ShieldAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useCurrentOrganization } from '@/lib/session';
import { useTwoFactorStatus } from '../api/two-factor';
import { AuditLogCard } from './audit-log-card';
import { CalendarFeedCard } from './calendar-feed-card';
import { SecurityPasswordCard } from './security-password-card';
import { SecuritySessionsCard } from './security-sessions-card';
import { SecurityStudioCard } from './security-studio-card';
import { TwoFactorCard } from './two-factor-card';

/** Why the app sent the person here (lib/api/client.ts on `two_factor_required`). */
export const TWO_FACTOR_REQUIRED_REASON = 'two-factor-required';

/**
 * Settings › Security: each person's password, sessions, two-factor authentication and calendar
 * feed of what they teach; the owner's studio rule; and for owners and admins the studio's audit
 * log.
 */
export function SecurityTab({ canReadAudit }: { canReadAudit: boolean }) {
  const { organization, role } = useCurrentOrganization();
  const [params] = useSearchParams();
  const twoFactor = useTwoFactorStatus();
  // Sent here by a refusal, and not yet enrolled: once it is on, the rest of the tab returns.
  const required =
    params.get('reason') === TWO_FACTOR_REQUIRED_REASON && twoFactor.data?.enabled !== true;
  return (
    <div className="space-y-6">
      {required ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <ShieldAlert className="size-5 shrink-0" aria-hidden />
          <p>
            Your studio requires two-factor authentication. Turn it on below to use the rest of
            FitBase.
          </p>
        </div>
      ) : null}
      <TwoFactorCard />
      <SecurityPasswordCard />
      <SecuritySessionsCard />
      {organization && !required ? <CalendarFeedCard /> : null}
      {organization && can(role, 'organization.security') && !required ? (
        <SecurityStudioCard />
      ) : null}
      {organization && canReadAudit && !required ? <AuditLogCard /> : null}
    </div>
  );
}
