import { can } from '@fitbase/domain/permissions';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useCurrentOrganization } from '@/lib/session';
import { useKioskExceptions } from '../api/list-kiosk-exceptions';
import { KioskExceptionsTable } from '../components/kiosk-exceptions-table';

/**
 * /kiosk-exceptions (docs/product/kiosk.md#offline): check-ins a kiosk accepted while offline
 * that the server would have refused (membership lapsed meanwhile, class over capacity). They
 * are recorded, never dropped, and listed here for the front desk to follow up. Every role.
 */
export function KioskExceptionsRoute() {
  const { organization, role } = useCurrentOrganization();
  const [showResolved, setShowResolved] = useState(false);
  const exceptions = useKioskExceptions(showResolved ? 'all' : 'open');
  const switchId = useId();
  if (!organization) return null;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Kiosk exceptions</h1>
        <p className="text-muted-foreground">
          Check-ins a kiosk recorded while offline that did not meet the studio&apos;s rules. The
          visits are recorded: follow up with the member, then mark them resolved.
          {can(role, 'organization.settings') ? (
            <>
              {' '}
              <Link to="/settings?tab=kiosks" className="underline underline-offset-4">
                Manage kiosks
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>
            <h2>{showResolved ? 'All exceptions' : 'Open exceptions'}</h2>
          </CardTitle>
          <div className="flex items-center gap-2">
            <Checkbox
              id={switchId}
              checked={showResolved}
              onCheckedChange={(checked) => setShowResolved(checked === true)}
            />
            <Label htmlFor={switchId} className="font-normal">
              Show resolved
            </Label>
          </div>
        </CardHeader>
        <CardContent>
          {exceptions.isPending ? (
            <p className="text-sm text-muted-foreground">Loading...</p>
          ) : exceptions.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Failed to load the kiosk exceptions
            </p>
          ) : (
            <KioskExceptionsTable
              exceptions={exceptions.data}
              timeZone={organization.timezone}
              canResolve={can(role, 'visits.create')}
              showResolved={showResolved}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
