import type { Automation } from '@fitbase/domain/contracts/automations';
import { AUTOMATION_TRIGGER_LABELS } from '@fitbase/domain/contracts/automations';
import { can } from '@fitbase/domain/permissions';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentOrganization } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { useDeleteAutomation } from '../api/delete-automation';
import { useAutomations } from '../api/list-automations';
import { useUpdateAutomation } from '../api/update-automation';
import { AutomationEditorDialog } from '../components/automation-editor-dialog';
import { RunLogDialog } from '../components/run-log-dialog';

/** /connect/automations (docs/product/connect-and-messaging.md#automations), kept live by lib/realtime.ts. */
export function AutomationsRoute() {
  const { organization, role } = useCurrentOrganization();
  if (!organization) return null;
  return <AutomationsPage key={organization.id} canManage={can(role, 'connect.manage')} />;
}

const triggerText = (a: Automation) =>
  AUTOMATION_TRIGGER_LABELS[a.trigger].replace('N', String(a.triggerDays ?? 'N'));

function AutomationsPage({ canManage }: { canManage: boolean }) {
  const automations = useAutomations();
  const update = useUpdateAutomation();
  const remove = useDeleteAutomation();
  const [adding, setAdding] = useState(false);
  // Ids, not objects: an automation deleted elsewhere closes its dialogs on the next refetch.
  const [editingId, setEditingId] = useState<string | null>(null);
  const [logId, setLogId] = useState<string | null>(null);
  const list = automations.data ?? [];
  const editing = list.find((a) => a.id === editingId);
  const logOf = list.find((a) => a.id === logId);

  useEffect(() => {
    // The spec: fetch errors for automations are only logged.
    if (automations.isError) console.error('Failed to load automations', automations.error);
  }, [automations.isError, automations.error]);

  const toggle = (automation: Automation) =>
    update.mutate(
      { id: automation.id, changes: { isActive: !automation.isActive } },
      {
        onSuccess: (saved) =>
          toast.success('Success', {
            description: saved.isActive ? 'Automation activated' : 'Automation deactivated',
          }),
        onError: (error) => reportError(error, { fallback: 'Failed to update automation' }),
      },
    );

  const confirmDelete = (automation: Automation) => {
    if (!window.confirm(`Delete ${automation.name} and its run log?`)) return;
    remove.mutate(automation.id, {
      onSuccess: () => toast.success('Success', { description: 'Automation deleted' }),
      onError: (error) => reportError(error, { fallback: 'Failed to delete automation' }),
    });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Automations</h1>
          <p className="text-muted-foreground">
            Trigger → steps workflows. Only what happens after an automation is activated starts it.
          </p>
        </div>
        {canManage ? (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            New automation
          </Button>
        ) : null}
      </div>

      {automations.isPending ? (
        <p className="text-muted-foreground" role="status">
          Loading automations...
        </p>
      ) : automations.isError ? (
        <p className="text-muted-foreground">Failed to load automations</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Automations">
          {list.map((automation) => (
            <li key={automation.id}>
              <Card className="h-full">
                <CardHeader className="flex flex-row items-start justify-between gap-2">
                  <CardTitle className="text-lg">{automation.name}</CardTitle>
                  <Badge variant={automation.isActive ? 'default' : 'secondary'}>
                    {automation.isActive ? 'Active' : 'Inactive'}
                  </Badge>
                </CardHeader>
                <CardContent className="space-y-3">
                  {automation.description ? (
                    <p className="text-sm text-muted-foreground">{automation.description}</p>
                  ) : null}
                  <p className="text-sm">
                    {triggerText(automation)} · {automation.workflowCount}{' '}
                    {automation.workflowCount === 1 ? 'workflow step' : 'workflow steps'}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    {canManage ? (
                      <Button
                        size="sm"
                        variant={automation.isActive ? 'outline' : 'default'}
                        disabled={update.isPending && update.variables?.id === automation.id}
                        onClick={() => toggle(automation)}
                        aria-label={`${automation.isActive ? 'Deactivate' : 'Activate'} ${automation.name}`}
                      >
                        {automation.isActive ? 'Deactivate' : 'Activate'}
                      </Button>
                    ) : null}
                    {canManage ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setEditingId(automation.id)}
                        aria-label={`Edit ${automation.name}`}
                      >
                        Edit
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setLogId(automation.id)}
                      aria-label={`Run log of ${automation.name}`}
                    >
                      Run log
                    </Button>
                    {canManage && !automation.presetKey ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => confirmDelete(automation)}
                        aria-label={`Delete ${automation.name}`}
                      >
                        Delete
                      </Button>
                    ) : null}
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}

      {canManage ? (
        <>
          <AutomationEditorDialog open={adding} onOpenChange={setAdding} />
          <AutomationEditorDialog
            key={editing?.id ?? 'none'}
            open={Boolean(editing)}
            onOpenChange={(open) => !open && setEditingId(null)}
            automation={editing}
          />
        </>
      ) : null}
      <RunLogDialog automation={logOf} onOpenChange={(open) => !open && setLogId(null)} />
    </div>
  );
}
