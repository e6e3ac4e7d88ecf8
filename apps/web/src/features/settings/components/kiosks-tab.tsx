import type { Kiosk } from '@fitbase/domain/contracts/kiosk';
import { formatDistanceToNow } from 'date-fns';
import { Plus, TabletSmartphone } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formSuccess } from '@/lib/form-feedback';
import { useCurrentOrganization } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { useKiosks } from '../api/list-kiosks';
import { useRevokeKiosk } from '../api/revoke-kiosk';
import { KioskPairDialog } from './kiosk-pair-dialog';
import { KioskSettingsCard } from './kiosk-settings-card';

const STATUS: Record<
  Kiosk['status'],
  { label: string; variant: 'default' | 'secondary' | 'outline' }
> = {
  waiting: { label: 'Waiting', variant: 'outline' },
  paired: { label: 'Paired', variant: 'default' },
  revoked: { label: 'Revoked', variant: 'secondary' },
};

const day = (iso: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(iso));

/**
 * Settings → Kiosks (docs/product/kiosk.md), for owners and admins: the studio's check-in
 * devices, pairing a new one, revoking one, and the kiosk's check-in rules.
 */
export function KiosksTab() {
  const { organization } = useCurrentOrganization();
  const timeZone = organization?.timezone ?? 'UTC';
  const [pairing, setPairing] = useState(false);
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 flex-1 space-y-1.5">
            <CardTitle>
              <h2>Kiosks</h2>
            </CardTitle>
            <CardDescription>
              Tablets at the door where members check themselves in, even when the internet is down.
              Check-ins a kiosk could not verify are listed in{' '}
              <Link to="/kiosk-exceptions" className="underline underline-offset-4">
                Kiosk exceptions
              </Link>
              .
            </CardDescription>
          </div>
          <Button onClick={() => setPairing(true)}>
            <Plus aria-hidden />
            Pair a kiosk
          </Button>
        </CardHeader>
        <CardContent>
          <KioskList timeZone={timeZone} />
        </CardContent>
      </Card>
      <KioskSettingsCard />
      <KioskPairDialog open={pairing} onOpenChange={setPairing} timeZone={timeZone} />
    </div>
  );
}

function KioskList({ timeZone }: { timeZone: string }) {
  const { locale } = useStudioFormat();
  const kiosks = useKiosks();
  const revoke = useRevokeKiosk();
  const [revoking, setRevoking] = useState<Kiosk | null>(null);

  if (kiosks.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (kiosks.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load the kiosks
      </p>
    );
  if (kiosks.data.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center">
        <TabletSmartphone className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">No kiosk yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Pair a tablet at your front door so members check in with their QR code or PIN.
        </p>
      </div>
    );

  const onRevoke = async (kiosk: Kiosk) => {
    try {
      await revoke.mutateAsync(kiosk.id);
      formSuccess(`${kiosk.name} revoked`);
    } catch (error) {
      reportError(error, { fallback: 'Failed to revoke the kiosk', formToast: true });
    } finally {
      setRevoking(null);
    }
  };

  return (
    <>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Paired</TableHead>
            <TableHead>Last seen</TableHead>
            <TableHead>Created by</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {kiosks.data.map((kiosk) => (
            <TableRow key={kiosk.id}>
              <TableCell className="font-medium">{kiosk.name}</TableCell>
              <TableCell>
                <Badge variant={STATUS[kiosk.status].variant}>{STATUS[kiosk.status].label}</Badge>
              </TableCell>
              <TableCell>
                {kiosk.pairedAt ? day(kiosk.pairedAt, timeZone, locale) : 'Not yet'}
              </TableCell>
              <TableCell>
                {kiosk.lastSeenAt ? (
                  <time dateTime={kiosk.lastSeenAt}>
                    {formatDistanceToNow(new Date(kiosk.lastSeenAt), { addSuffix: true })}
                  </time>
                ) : (
                  'Never'
                )}
              </TableCell>
              <TableCell>{kiosk.createdByName ?? '—'}</TableCell>
              <TableCell className="text-right">
                {kiosk.status === 'revoked' ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Revoke ${kiosk.name}`}
                    onClick={() => setRevoking(kiosk)}
                  >
                    Revoke
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={`Revoke ${revoking?.name ?? ''}?`}
        description="The device stops at its next request."
        confirmLabel="Revoke"
        destructive
        pending={revoke.isPending}
        closeOnConfirm={false}
        onConfirm={() => {
          if (revoking) void onRevoke(revoking);
        }}
      />
    </>
  );
}
