import {
  API_KEY_RATE_LIMIT,
  API_KEY_SCOPE_LABELS,
  type ApiKey,
} from '@fitbase/domain/contracts/api-keys';
import { formatDistanceToNow } from 'date-fns';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
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
import { useApiKeys } from '../api/list-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { ApiKeyCreateDialog } from './api-key-create-dialog';

const day = (iso: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(iso));

/**
 * Settings › API keys (docs/product/integrations.md#api-keys), for owners and admins: keys that
 * let the studio's other software use FitBase's API, free and unmetered.
 */
export function ApiKeysTab() {
  const { organization } = useCurrentOrganization();
  const timeZone = organization?.timezone ?? 'UTC';
  const [creating, setCreating] = useState(false);
  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1 space-y-1.5">
          <CardTitle>
            <h2>API keys</h2>
          </CardTitle>
          <CardDescription>
            Connect your other software (door access, accounting, your website) to FitBase&apos;s
            API, at{' '}
            <a href="/api/docs" className="underline underline-offset-4">
              /api/docs
            </a>
            . A key works for this studio only, with an admin&apos;s permissions, up to{' '}
            {API_KEY_RATE_LIMIT.perMinute} requests a minute. No fee.
          </CardDescription>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          Create API key
        </Button>
      </CardHeader>
      <CardContent>
        <KeyList timeZone={timeZone} />
      </CardContent>
      <ApiKeyCreateDialog open={creating} onOpenChange={setCreating} />
    </Card>
  );
}

function KeyList({ timeZone }: { timeZone: string }) {
  const { locale } = useStudioFormat();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  if (keys.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (keys.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load the API keys
      </p>
    );
  if (keys.data.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center">
        <KeyRound className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">No API key yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Create a key for each program that should read or change this studio&apos;s data.
        </p>
      </div>
    );

  const onRevoke = async (key: ApiKey) => {
    try {
      await revoke.mutateAsync(key.id);
      formSuccess(`${key.name} revoked`);
    } catch (error) {
      reportError(error, { fallback: 'Failed to revoke the API key', formToast: true });
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
            <TableHead>Scope</TableHead>
            <TableHead>Key</TableHead>
            <TableHead>Created by</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Last used</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {keys.data.map((key) => (
            <TableRow key={key.id}>
              <TableCell className="font-medium">{key.name}</TableCell>
              <TableCell>
                {key.revokedAt ? (
                  <Badge variant="secondary">Revoked</Badge>
                ) : (
                  <Badge variant={key.scope === 'write' ? 'default' : 'outline'}>
                    {API_KEY_SCOPE_LABELS[key.scope]}
                  </Badge>
                )}
              </TableCell>
              <TableCell className="font-mono text-xs">{key.prefix}…</TableCell>
              <TableCell>{key.createdByName ?? '—'}</TableCell>
              <TableCell>{day(key.createdAt, timeZone, locale)}</TableCell>
              <TableCell>
                {key.lastUsedAt ? (
                  <time dateTime={key.lastUsedAt}>
                    {formatDistanceToNow(new Date(key.lastUsedAt), { addSuffix: true })}
                  </time>
                ) : (
                  'Never'
                )}
              </TableCell>
              <TableCell className="text-right">
                {key.revokedAt ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Revoke ${key.name}`}
                    onClick={() => setRevoking(key)}
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
        description="Programs using this key are refused from their next request."
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
