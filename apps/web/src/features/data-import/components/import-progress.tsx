import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { reportError } from '@/lib/report-error';
import { useImport, useUndoImport } from '../api/imports';

/** A running or finished import: progress bar, counts, Undo within 24 hours. */
export function ImportProgress({ id }: { id: string }) {
  const { data } = useImport(id);
  const undo = useUndoImport();
  if (!data) return null;
  const percent = data.totalRows ? Math.round((100 * data.processedRows) / data.totalRows) : 100;
  const running = data.status === 'queued' || data.status === 'running';
  return (
    <section aria-labelledby="progress-title" className="space-y-2 rounded-md border p-4">
      <h2 id="progress-title" className="text-lg font-semibold">
        {running
          ? 'Importing…'
          : data.status === 'undone'
            ? 'Import undone'
            : data.status === 'failed'
              ? 'Import failed'
              : 'Import finished'}
      </h2>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full rounded bg-muted"
      >
        <div className="h-2 rounded bg-primary" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm">
        {data.processedRows} of {data.totalRows} rows: {data.createdCount} created,{' '}
        {data.skippedCount} skipped, {data.errorCount} with errors.
      </p>
      {data.undoUntil && new Date(data.undoUntil) > new Date() && (
        <Button
          type="button"
          variant="outline"
          disabled={undo.isPending}
          onClick={() =>
            undo.mutate(id, {
              onSuccess: () => toast.success('Import undone'),
              onError: (e) =>
                reportError(e, { title: null, fallback: 'An unexpected error occurred' }),
            })
          }
        >
          Undo import
        </Button>
      )}
    </section>
  );
}
