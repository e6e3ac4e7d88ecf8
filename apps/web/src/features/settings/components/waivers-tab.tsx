import type { StudioFormat } from '@fitbase/domain/studio-format';
import type { WaiverAdmin } from '@fitbase/domain/contracts/waivers';
import { useId } from 'react';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useUpdateWaiverSettings, useWaivers } from '../api/waivers';
import { WaiverVersionForm } from './waiver-version-form';

/** The day a version was written, in the studio's zone and locale ("Mar 14, 2026", "14.03.2026"). */
const written = (iso: string, format: StudioFormat) =>
  new Intl.DateTimeFormat(format.locale, { dateStyle: 'medium', timeZone: format.timeZone }).format(
    new Date(iso),
  );

/**
 * Settings → Waivers (docs/product/waivers.md), for owners and admins: the current text, a new
 * version (a written version is never edited), every version with its signatures, and whether
 * booking needs a signed current version.
 */
export function WaiversTab() {
  const waivers = useWaivers();
  if (waivers.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (waivers.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load the waiver
      </p>
    );
  const data = waivers.data;
  return (
    <div className="space-y-4">
      <CurrentWaiverCard data={data} />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>New version</h2>
          </CardTitle>
          <CardDescription>
            Members sign the newest version. Earlier versions and their signatures stay as they
            were; members sign again before their next booking when it is required.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <WaiverVersionForm
            key={data.current?.id ?? 'none'}
            current={data.current ? { title: data.current.title, body: data.current.body } : null}
          />
        </CardContent>
      </Card>
      <VersionsCard data={data} />
    </div>
  );
}

function CurrentWaiverCard({ data }: { data: WaiverAdmin }) {
  const update = useUpdateWaiverSettings();
  const switchId = useId();
  const format = useStudioFormat();
  const onChange = async (requiredToBook: boolean) => {
    try {
      await update.mutateAsync({ requiredToBook });
      formSuccess(
        requiredToBook
          ? 'Booking now needs a signed current waiver'
          : 'Booking no longer needs a signed waiver',
      );
    } catch (error) {
      reportError(error, { fallback: 'Failed to save the waiver setting', formToast: true });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Waiver</h2>
        </CardTitle>
        <CardDescription>
          {data.current
            ? `Version ${data.current.version}, written ${written(data.current.createdAt, format)}`
            : 'No waiver yet: write the first version below.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {data.current ? (
          <div className="rounded-md border p-4">
            <h3 className="mb-2 font-semibold">{data.current.title}</h3>
            <p className="text-sm whitespace-pre-wrap">{data.current.body}</p>
          </div>
        ) : null}
        <div className="flex items-center gap-3">
          <Switch
            id={switchId}
            checked={data.requiredToBook}
            disabled={!data.current || update.isPending}
            onCheckedChange={(checked) => void onChange(checked)}
          />
          <Label htmlFor={switchId}>Require a signed current version to book</Label>
        </div>
      </CardContent>
    </Card>
  );
}

function VersionsCard({ data }: { data: WaiverAdmin }) {
  const format = useStudioFormat();
  if (data.versions.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Versions</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Version</TableHead>
              <TableHead>Title</TableHead>
              <TableHead>Written</TableHead>
              <TableHead className="text-right">Signatures</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.versions.map((v) => (
              <TableRow key={v.id}>
                <TableCell>
                  {v.version}
                  {v.id === data.current?.id ? ' (current)' : ''}
                </TableCell>
                <TableCell>{v.title}</TableCell>
                <TableCell>{written(v.createdAt, format)}</TableCell>
                <TableCell className="text-right">{v.signatureCount}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
