import type { Tag } from '@fitbase/domain/contracts/tags';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { StudioCount } from '@/components/studio-count';
import { StudioDayOf } from '@/components/studio-date';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
import { useDeleteTag } from '../api/delete-tag';
import { useTags } from '../api/list-tags';
import { TagFormDialog } from './tag-form-dialog';

export const tagColumns: DataTableColumn<Tag>[] = [
  {
    id: 'name',
    header: 'Name',
    primary: true,
    hideable: false,
    sortValue: (tag) => tag.name,
    cell: (tag) => (
      <span className="flex items-center gap-2 font-medium">
        <span
          className="size-3 shrink-0 rounded-full"
          style={{ backgroundColor: tag.color }}
          aria-hidden
        />
        {tag.name}
      </span>
    ),
  },
  {
    id: 'description',
    header: 'Description',
    cell: (tag) => tag.description ?? <span className="text-muted-foreground">—</span>,
  },
  {
    id: 'assignees',
    header: 'Assigned to',
    className: 'tabular-nums',
    sortValue: (tag) => tag.assigneeCount,
    cell: (tag) => <StudioCount value={tag.assigneeCount} />,
  },
  {
    id: 'createdBy',
    header: 'Created by',
    sortValue: (tag) => tag.createdByName ?? 'System',
    cell: (tag) => tag.createdByName ?? 'System',
  },
  {
    id: 'created',
    header: 'Created',
    sortValue: (tag) => tag.createdAt,
    cell: (tag) => (
      <time dateTime={tag.createdAt}>
        <StudioDayOf instant={tag.createdAt} />
      </time>
    ),
  },
];

/** The studio's tags, newest first (docs/product/connect-and-messaging.md#tags). */
export function TagsCard({ canManage, onCreate }: { canManage: boolean; onCreate: () => void }) {
  const tags = useTags();
  const remove = useDeleteTag();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const editing = tags.data?.find((tag) => tag.id === editingId);
  const deleting = tags.data?.find((tag) => tag.id === deletingId);

  const confirmDelete = (tag: Tag) =>
    remove.mutate(tag.id, {
      onSuccess: () => toast.success('Tag deleted successfully'),
      onError: (error) =>
        reportError(error, { title: 'Failed to delete tag', fallback: 'Failed to delete tag' }),
    });

  const rowActions = (tag: Tag) => (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${tag.name}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => setEditingId(tag.id)}>
          <Pencil aria-hidden />
          Edit
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => setDeletingId(tag.id)}>
          <Trash2 aria-hidden />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );

  return (
    <>
      <DataTable
        label="Tags"
        columns={tagColumns}
        rows={tags.data}
        getRowId={(tag) => tag.id}
        rowActions={canManage ? rowActions : undefined}
        loading={tags.isPending}
        fetching={tags.isFetching}
        loadingLabel="Loading tags..."
        error={
          tags.isError ? (
            <p role="alert" className="py-10 text-center text-destructive">
              {failureMessage(tags.error, 'Failed to load tags')}
            </p>
          ) : null
        }
        empty={
          <div className="space-y-3 py-10 text-center">
            <p className="font-medium">No tags yet</p>
            <p className="text-sm text-muted-foreground">Create tags to label members and leads.</p>
            {canManage ? <Button onClick={onCreate}>Create tag</Button> : null}
          </div>
        }
      />
      <TagFormDialog
        key={editing?.id ?? 'none'}
        open={Boolean(editing)}
        onOpenChange={(open) => !open && setEditingId(null)}
        tag={editing}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeletingId(null)}
        title="Delete tag"
        description={
          <>
            Delete {deleting?.name}? It comes off the {deleting?.assigneeCount ?? 0} members and
            leads carrying it.
          </>
        }
        confirmLabel="Delete"
        destructive
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </>
  );
}
