import { FileDown } from 'lucide-react';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useMemberWaiverSignatures, waiverPdfHref } from '../../api/list-member-waiver-signatures';
import { formatDateTime } from '../member-format';

/**
 * The member's waiver (docs/product/waivers.md): the version they signed last and when, with its
 * PDF, or that they signed none; a signature of an earlier version says so.
 */
export function WaiverCard({ memberId }: { memberId: string }) {
  const signatures = useMemberWaiverSignatures(memberId);
  const format = useStudioFormat();
  const latest = signatures.data?.signatures[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Waiver</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="text-sm">
        {signatures.isPending ? (
          <p className="text-muted-foreground">Loading...</p>
        ) : signatures.isError ? (
          <p role="alert" className="text-destructive">
            Failed to load the waiver signatures
          </p>
        ) : !latest ? (
          <p className="text-muted-foreground">No waiver signed</p>
        ) : (
          <ul className="space-y-2">
            {signatures.data.signatures.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium">
                    {s.title}, version {s.version}
                  </span>{' '}
                  signed by {s.signedName}
                  {s.guardianName ? ` (parent or guardian: ${s.guardianName})` : ''} on{' '}
                  {formatDateTime(s.signedAt, format)}
                  {s.current ? '' : ' · an earlier version'}
                </span>
                <a
                  href={waiverPdfHref(memberId, s.id)}
                  className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                  download
                >
                  <FileDown className="size-4" aria-hidden />
                  PDF
                  <span className="sr-only">
                    {' '}
                    of {s.title}, version {s.version}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
