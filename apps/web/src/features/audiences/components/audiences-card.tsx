import type { Audience } from '@fitbase/domain/contracts/audiences';
import { MoreHorizontal, Pencil, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { failureMessage } from '@/lib/form-errors';
import { reportError } from '@/lib/report-error';
import { useDeleteAudience } from '../api/delete-audience';
import { useAudiences } from '../api/list-audiences';
import { AudienceEditorDialog } from './audience-editor-dialog';

export const KIND_LABELS = { manual: 'Manual', dynamic: 'Dynamic' } as const;

const columns: DataTableColumn<Audience>[] = [
  {
    id: 'name',
    header: 'Name',
    primary: true,
    hideable: false,
    sortValue: (a) => a.name,
    cell: (a) => (
      <span className="flex flex-wrap items-center gap-2 font-medium">
        {a.name}
        <Badge variant={a.kind === 'dynamic' ? 'secondary' : 'outline'}>
          {KIND_LABELS[a.kind]}
        </Badge>
      </span>
    ),
  },
  {
    id: 'description',
    header: 'Description',
    cell: (a) => a.description ?? <span className="text-muted-foreground">—</span>,
  },
  {
    id: 'members',
    header: 'Members count',
    className: 'tabular-nums',
    sortValue: (a) => a.memberCount,
    cell: (a) => a.memberCount,
  },
];

/**
 * The studio's groups (oldest first), for Connect's Audiences and the Members area alike.
 * `membersPath` links each group to its member list; `canManage` adds New, Edit and Delete.
 */
export function AudiencesCard({
  canManage,
  membersPath,
  creating,
  onCreatingChange,
}: {
  canManage: boolean;
  membersPath?: (audience: Audience) => string;
  creating: boolean;
  onCreatingChange: (open: boolean) => void;
}) {
  const audiences = useAudiences();
  const remove = useDeleteAudience();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const editing = audiences.data?.find((a) => a.id === editingId);
  const deleting = audiences.data?.find((a) => a.id === deletingId);

  const confirmDelete = (audience: Audience) =>
    remove.mutate(audience.id, {
      onSuccess: () => toast.success('Success', { description: `${audience.name} deleted` }),
      onError: (error) => reportError(error, { fallback: 'Failed to delete the audience' }),
    });

  const rowActions = (audience: Audience) => (
    <div className="flex items-center justify-end gap-2">
      {membersPath ? (
        <Button variant="outline" size="sm" asChild>
          <Link to={membersPath(audience)} aria-label={`Members of ${audience.name}`}>
            <Users aria-hidden />
            Members
          </Link>
        </Button>
      ) : null}
      {canManage ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Actions for ${audience.name}`}>
              <MoreHorizontal aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setEditingId(audience.id)}>
              <Pencil aria-hidden />
              Edit
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => setDeletingId(audience.id)}>
              <Trash2 aria-hidden />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </div>
  );

  return (
    <>
      <DataTable
        label="Audiences"
        columns={columns}
        rows={audiences.data}
        getRowId={(a) => a.id}
        rowActions={canManage || membersPath ? rowActions : undefined}
        loading={audiences.isPending}
        fetching={audiences.isFetching}
        loadingLabel="Loading audiences..."
        error={
          audiences.isError ? (
            <p role="alert" className="py-10 text-center text-destructive">
              {failureMessage(audiences.error, 'Failed to load audiences')}
            </p>
          ) : null
        }
        empty={
          <div className="space-y-3 py-10 text-center">
            <p className="font-medium">No audiences yet</p>
            <p className="text-sm text-muted-foreground">
              Group members by hand or by rules, then send campaigns and notifications to them.
            </p>
            {canManage ? (
              <Button onClick={() => onCreatingChange(true)}>New audience</Button>
            ) : null}
          </div>
        }
      />
      <AudienceEditorDialog open={creating} onOpenChange={onCreatingChange} />
      <AudienceEditorDialog
        key={editing?.id ?? 'none'}
        open={Boolean(editing)}
        onOpenChange={(open) => !open && setEditingId(null)}
        audience={editing}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeletingId(null)}
        title="Delete audience"
        description={
          <>
            Delete {deleting?.name}? Its members stay members of the studio; campaigns already sent
            keep their figures.
          </>
        }
        confirmLabel="Delete"
        destructive
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </>
  );
}
