import type { EmailTemplate } from '@fitbase/domain/contracts/email-templates';
import { can } from '@fitbase/domain/permissions';
import { Archive, ArchiveRestore, Copy, FileText, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { StudioDateTime } from '@/components/studio-date';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { SummaryCard, SummaryCardRow } from '@/components/summary-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useCurrentOrganization } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { useDuplicateEmailTemplate } from '../api/duplicate-email-template';
import { useEmailTemplates } from '../api/list-email-templates';
import { useSaveEmailTemplate } from '../api/save-email-template';
import { TemplateEditorDialog } from '../components/template-editor-dialog';

const columns: DataTableColumn<EmailTemplate>[] = [
  {
    id: 'name',
    header: 'Name',
    primary: true,
    hideable: false,
    sortValue: (t) => t.name,
    cell: (t) => <span className="font-medium">{t.name}</span>,
  },
  { id: 'subject', header: 'Subject', cell: (t) => t.subject },
  {
    id: 'status',
    header: 'Status',
    cell: (t) =>
      t.status === 'active' ? (
        <Badge variant="secondary">Active</Badge>
      ) : (
        <Badge variant="outline">Archived</Badge>
      ),
  },
  {
    id: 'updated',
    header: 'Updated',
    sortValue: (t) => t.updatedAt,
    cell: (t) => <StudioDateTime instant={t.updatedAt} />,
  },
];

/** /communications/templates (docs/product/connect-and-messaging.md#email-templates-communicationstemplates). */
export function EmailTemplatesRoute() {
  const { organization, role } = useCurrentOrganization();
  if (!organization) return null;
  return <TemplatesPage key={organization.id} canManage={can(role, 'connect.manage')} />;
}

function TemplatesPage({ canManage }: { canManage: boolean }) {
  const templates = useEmailTemplates();
  const save = useSaveEmailTemplate();
  const duplicate = useDuplicateEmailTemplate();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = templates.data?.templates.find((t) => t.id === editingId);

  const setStatus = (template: EmailTemplate, status: EmailTemplate['status']) =>
    save.mutate(
      { id: template.id, changes: { status } },
      {
        onSuccess: () =>
          toast.success('Success', {
            description: `${template.name} ${status === 'archived' ? 'archived' : 'restored'}`,
          }),
        onError: (error) => reportError(error, { fallback: 'Failed to update template' }),
      },
    );

  const rowActions = canManage
    ? (template: EmailTemplate) => (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={`Edit ${template.name}`}
            onClick={() => setEditingId(template.id)}
          >
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Duplicate ${template.name}`}
            onClick={() =>
              duplicate.mutate(template.id, {
                onSuccess: (copy) =>
                  toast.success('Success', { description: `${copy.name} created` }),
                onError: (error) =>
                  reportError(error, { fallback: 'Failed to duplicate template' }),
              })
            }
          >
            <Copy aria-hidden />
            Duplicate
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`${template.status === 'active' ? 'Archive' : 'Restore'} ${template.name}`}
            onClick={() =>
              setStatus(template, template.status === 'active' ? 'archived' : 'active')
            }
          >
            {template.status === 'active' ? (
              <Archive aria-hidden />
            ) : (
              <ArchiveRestore aria-hidden />
            )}
            {template.status === 'active' ? 'Archive' : 'Restore'}
          </Button>
        </div>
      )
    : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Email Templates</h1>
        {canManage ? (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            New template
          </Button>
        ) : null}
      </div>
      <SummaryCardRow>
        <SummaryCard
          title="Active templates"
          value={templates.data?.activeCount}
          hint="Templates not archived"
          icon={FileText}
        />
      </SummaryCardRow>
      <DataTable
        label="Email templates"
        columns={columns}
        rows={templates.data?.templates}
        getRowId={(t) => t.id}
        loading={templates.isPending}
        fetching={templates.isFetching}
        error={templates.isError ? 'Templates could not be loaded.' : undefined}
        empty="No templates yet. Create one to start campaigns and messages from it."
        rowActions={rowActions}
      />
      <TemplateEditorDialog open={adding} onOpenChange={setAdding} />
      <TemplateEditorDialog
        template={editing}
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditingId(null)}
      />
    </div>
  );
}
