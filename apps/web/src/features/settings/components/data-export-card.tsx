import { can } from '@fitbase/domain/permissions';
import { EXPORT_LINK_DAYS } from '@fitbase/domain/settings-constants';
import { Download, Mail } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentOrganization } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { useCreateExportLink } from '../api/create-export-link';
import { submitExportDownload } from '../api/export-download';

const FAILED = 'The export could not be started. Try again in a moment.';
const CONTENTS =
  'Members, memberships, payments, bookings, visits, products, orders, leads, tags, staff and ' +
  'campaigns, one CSV file each, with a data dictionary explaining every column.';

/**
 * Settings → General, owners only (`canExport`, else the role's `data.export` permission).
 * Download asks for a short-lived signed link and posts its token as a form rather than
 * fetching: the browser then streams the ZIP straight to disk, however large the studio.
 */
export function DataExportCard({ canExport }: { canExport?: boolean }) {
  const { role } = useCurrentOrganization();
  const allowed = canExport ?? can(role, 'data.export');
  const download = useCreateExportLink();
  const email = useCreateExportLink();
  const titleId = useId();
  if (!allowed) return null;

  const startDownload = () =>
    download.mutate(
      { email: false },
      {
        onSuccess: ({ token }) => {
          // A form post answered by an attachment downloads without leaving the page.
          submitExportDownload(token);
          toast.success('Your export is downloading');
        },
        onError: (error) => reportError(error, { title: null, fallback: FAILED }),
      },
    );

  const emailLink = () =>
    email.mutate(
      { email: true },
      {
        onSuccess: () =>
          toast.success(`We emailed you a download link. It works for ${EXPORT_LINK_DAYS} days.`),
        onError: (error) => reportError(error, { title: null, fallback: FAILED }),
      },
    );

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Export your data</CardTitle>
        <CardDescription>
          Download everything in your studio as a ZIP of CSV files. {CONTENTS}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button onClick={startDownload} disabled={download.isPending}>
          <Download aria-hidden />
          {download.isPending ? 'Preparing…' : 'Download export'}
        </Button>
        <Button variant="outline" onClick={emailLink} disabled={email.isPending}>
          <Mail aria-hidden />
          Email me a link (valid {EXPORT_LINK_DAYS} days)
        </Button>
      </CardContent>
    </Card>
  );
}
