import type { Automation } from '@fitbase/domain/contracts/automations';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useStudioDates } from '@/hooks/use-studio-format';
import { RUNS_PAGE_SIZE, useAutomationRuns } from '../api/list-automation-runs';

const STATUS_LABELS = {
  waiting: 'Waiting',
  completed: 'Completed',
  failed: 'Failed',
  skipped: 'Stopped',
} as const;

/** Each member's (or lead's) path through one automation, newest first. */
export function RunLogDialog({
  automation,
  onOpenChange,
}: {
  automation: Automation | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={Boolean(automation)} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Run log{automation ? `: ${automation.name}` : ''}</DialogTitle>
          <DialogDescription>
            Who went through this automation, and what each step did.
          </DialogDescription>
        </DialogHeader>
        {automation ? <RunLog automation={automation} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RunLog({ automation }: { automation: Automation }) {
  const [page, setPage] = useState(1);
  const runs = useAutomationRuns(automation.id, page);
  // In the studio's locale and zone (ADR 0038), not the browser's.
  const { dateTime: when } = useStudioDates();
  if (runs.isPending)
    return (
      <p className="text-muted-foreground" role="status">
        Loading runs...
      </p>
    );
  if (runs.isError) return <p className="text-muted-foreground">Failed to load the run log</p>;
  const { total } = runs.data;
  if (total === 0)
    return (
      <p className="text-muted-foreground">
        No runs yet. Runs start when the trigger happens while the automation is active.
      </p>
    );
  const pages = Math.ceil(total / RUNS_PAGE_SIZE);
  return (
    <div className="space-y-3">
      <Table aria-label="Runs">
        <TableHeader>
          <TableRow>
            <TableHead>Member</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Step</TableHead>
            <TableHead>Next run</TableHead>
            <TableHead>Log</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {runs.data.runs.map((run) => (
            <TableRow key={run.id} className="align-top">
              <TableCell className="font-medium">{run.name}</TableCell>
              <TableCell>{STATUS_LABELS[run.status]}</TableCell>
              <TableCell>
                {Math.min(run.stepIndex, automation.workflowCount)} of {automation.workflowCount}
              </TableCell>
              <TableCell>{run.nextRunAt ? when(run.nextRunAt) : '—'}</TableCell>
              <TableCell>
                <ul className="space-y-1 text-xs">
                  {run.log.map((line, i) => (
                    <li key={i}>
                      <span className="text-muted-foreground">{when(line.at)}</span> {line.message}
                    </li>
                  ))}
                </ul>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pages > 1 ? (
        <div className="flex items-center justify-end gap-2 text-sm">
          <Button
            variant="outline"
            size="sm"
            disabled={page === 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </div>
      ) : null}
    </div>
  );
}
