import type { KioskException } from '@fitbase/domain/contracts/kiosk';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Button } from '@/components/ui/button';
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
import { useResolveKioskException } from '../api/resolve-kiosk-exception';
import { formatInstant, formatSessionStart } from './kiosk-exception-format';

interface KioskExceptionsTableProps {
  exceptions: KioskException[];
  timeZone: string;
  canResolve: boolean;
  /** Open only, or resolved ones too: the empty state says which. */
  showResolved: boolean;
}

/**
 * The kiosk exceptions: who, at which kiosk, for which class, when it happened at the kiosk and
 * when it reached the server, and why it would have been refused. The visit is already recorded; `Mark resolved` says the desk has dealt with it.
 */
export function KioskExceptionsTable({
  exceptions,
  timeZone,
  canResolve,
  showResolved,
}: KioskExceptionsTableProps) {
  const resolve = useResolveKioskException();
  const { locale } = useStudioFormat();

  if (exceptions.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center">
        <CircleCheck className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">No kiosk exceptions</p>
        <p className="max-w-md text-sm text-muted-foreground">
          {showResolved
            ? 'No kiosk has recorded a check-in it could not verify.'
            : 'Every check-in the kiosks recorded offline met the studio’s rules, or has been dealt with.'}
        </p>
      </div>
    );

  const onResolve = async (exception: KioskException) => {
    try {
      await resolve.mutateAsync(exception.id);
      formSuccess('Marked resolved', `${exception.memberName}'s check-in`);
    } catch (error) {
      reportError(error, { fallback: 'Failed to mark the exception resolved', formToast: true });
    }
  };

  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Member</TableHead>
          <TableHead>Kiosk</TableHead>
          <TableHead>Class</TableHead>
          <TableHead>Checked in</TableHead>
          <TableHead>Received</TableHead>
          <TableHead>Reason</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {exceptions.map((exception) => (
          <TableRow key={exception.id}>
            <TableCell className="font-medium">
              <Link to={`/member/${exception.memberId}`} className="hover:underline">
                {exception.memberName}
              </Link>
            </TableCell>
            <TableCell>{exception.kioskName}</TableCell>
            <TableCell>
              {exception.sessionName ? (
                <>
                  {exception.sessionName}
                  {exception.sessionStartsAt ? (
                    <span className="block text-xs text-muted-foreground">
                      {formatSessionStart(exception.sessionStartsAt, timeZone, locale)}
                    </span>
                  ) : null}
                </>
              ) : (
                <span className="text-muted-foreground">No class</span>
              )}
            </TableCell>
            <TableCell>
              <time dateTime={exception.checkedInAt}>
                {formatInstant(exception.checkedInAt, timeZone, locale)}
              </time>
            </TableCell>
            <TableCell>
              <time dateTime={exception.receivedAt}>
                {formatInstant(exception.receivedAt, timeZone, locale)}
              </time>
            </TableCell>
            <TableCell className="max-w-xs whitespace-normal">{exception.message}</TableCell>
            <TableCell className="text-right">
              {exception.resolvedAt ? (
                <span className="text-sm text-muted-foreground">
                  Resolved {formatInstant(exception.resolvedAt, timeZone, locale)}
                </span>
              ) : canResolve ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={resolve.isPending && resolve.variables === exception.id}
                  aria-label={`Mark resolved: ${exception.memberName}, ${formatInstant(exception.checkedInAt, timeZone, locale)}`}
                  onClick={() => void onResolve(exception)}
                >
                  Mark resolved
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
