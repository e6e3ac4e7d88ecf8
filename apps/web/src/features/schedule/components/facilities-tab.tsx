import type { Facility } from '@fitbase/domain/contracts/schedule';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { reportError } from '@/lib/report-error';
import { useDeleteFacility } from '../api/delete-facility';
import { useFacilities } from '../api/list-facilities';
import { FacilityFormDialog } from './facility-form-dialog';

const columns: DataTableColumn<Facility>[] = [
  {
    id: 'name',
    header: 'Name',
    hideable: false,
    primary: true,
    cell: (f) => <span className="font-medium">{f.name}</span>,
    sortValue: (f) => f.name,
  },
  {
    id: 'capacity',
    header: 'Capacity',
    hideable: false,
    cell: (f) => <span className="tabular-nums">{f.capacity}</span>,
    sortValue: (f) => f.capacity,
  },
];

/** The studio's rooms: everyone sees them; owners and admins add, edit and delete. */
export function FacilitiesTab({ canManage }: { canManage: boolean }) {
  const facilities = useFacilities();
  const remove = useDeleteFacility();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const list = facilities.data ?? [];
  const editing = list.find((f) => f.id === editingId);
  const deleting = list.find((f) => f.id === deletingId);

  const confirmDelete = (facility: Facility) =>
    remove.mutate(facility.id, {
      onSuccess: () => toast.success('Success', { description: 'Facility deleted successfully' }),
      onError: (error) => reportError(error, { fallback: 'Failed to delete facility' }),
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Facilities</h2>
        {canManage ? (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add Facility
          </Button>
        ) : null}
      </div>
      <DataTable
        label="Facilities"
        columns={columns}
        rows={facilities.data}
        getRowId={(f) => f.id}
        loading={facilities.isPending}
        loadingLabel="Loading facilities..."
        error={facilities.isError ? 'Failed to load facilities' : undefined}
        empty={
          <span>
            No facilities yet.
            {canManage ? ' Add a room so classes can be held in it.' : null}
          </span>
        }
        rowActions={
          canManage
            ? (facility) => (
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setEditingId(facility.id)}
                    aria-label={`Edit ${facility.name}`}
                  >
                    <Pencil aria-hidden />
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setDeletingId(facility.id)}
                    aria-label={`Delete ${facility.name}`}
                  >
                    <Trash2 aria-hidden />
                    Delete
                  </Button>
                </div>
              )
            : undefined
        }
      />
      {canManage ? (
        <>
          <FacilityFormDialog open={adding} onOpenChange={setAdding} />
          <FacilityFormDialog
            key={editing?.id ?? 'none'}
            open={Boolean(editing)}
            onOpenChange={(open) => !open && setEditingId(null)}
            facility={editing}
          />
          <ConfirmDialog
            open={Boolean(deleting)}
            onOpenChange={(open) => !open && setDeletingId(null)}
            title="Delete Facility"
            description={<>Delete “{deleting?.name}”? This cannot be undone.</>}
            confirmLabel="Delete"
            destructive
            onConfirm={() => deleting && confirmDelete(deleting)}
          />
        </>
      ) : null}
    </div>
  );
}
