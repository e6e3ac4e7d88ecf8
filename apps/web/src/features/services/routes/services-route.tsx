import { can } from '@fitbase/domain/permissions';
import type { Service } from '@fitbase/domain/contracts/services';
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useCurrentOrganization } from '@/lib/session';
import { reportProblem, useReportLoadFailure } from '@/lib/report-error';
import { useDeleteService } from '../api/delete-service';
import { useServices } from '@/entities/services/api/list-services';
import { useUpdateService } from '../api/update-service';
import { DeleteServiceDialog } from '../components/delete-service-dialog';
import { ServiceCard } from '../components/service-card';
import { ServiceFormDialog } from '../components/service-form-dialog';

/**
 * What the app shell puts beside each service: its plans (docs/product/money-and-store.md#plans),
 * and with `service` null the plans sold without a service. A slot, since features never
 * import each other.
 */
export type RenderServicePlans = (args: {
  service: Service | null;
  services: Service[];
}) => ReactNode;

/**
 * /services (docs/product/services.md): the organization's services, kept live by lib/realtime.ts.
 */
export function ServicesRoute({ renderPlans }: { renderPlans?: RenderServicePlans } = {}) {
  const { organization, role } = useCurrentOrganization();
  // The layout's guard sends people without an organization to /setup.
  if (!organization) return null;
  return <ServicesPage canManage={can(role, 'services.manage')} renderPlans={renderPlans} />;
}

function ServicesPage({
  canManage,
  renderPlans,
}: {
  canManage: boolean;
  renderPlans?: RenderServicePlans;
}) {
  const services = useServices();
  const update = useUpdateService();
  const remove = useDeleteService();
  const [adding, setAdding] = useState(false);
  // Ids, not objects: a service deleted elsewhere closes its dialogs on the next refetch.
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const list = services.data ?? [];
  const editing = list.find((s) => s.id === editingId);
  const deleting = list.find((s) => s.id === deletingId);

  useReportLoadFailure(services.isError, 'Failed to load services');

  const toggle = (service: Service) =>
    update.mutate(
      { id: service.id, changes: { isActive: !service.isActive } },
      {
        onSuccess: () => toast.success('Success', { description: 'Service updated successfully' }),
        onError: () => reportProblem('Error', 'Failed to update service'),
      },
    );

  const confirmDelete = (service: Service) =>
    remove.mutate(service.id, {
      onSuccess: () => toast.success('Success', { description: 'Service deleted successfully' }),
      onError: () => reportProblem('Error', 'Failed to delete service'),
    });

  const busy = (service: Service) =>
    (update.isPending && update.variables?.id === service.id) ||
    (remove.isPending && remove.variables === service.id);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Gym Services</h1>
        {canManage ? (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add Service
          </Button>
        ) : null}
      </div>

      {services.isPending ? (
        <p className="text-muted-foreground" role="status">
          Loading services...
        </p>
      ) : services.isError ? (
        <p className="text-muted-foreground">Failed to load services</p>
      ) : list.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
            <p className="text-muted-foreground">No services yet.</p>
            {canManage ? (
              <Button onClick={() => setAdding(true)}>Create Your First Service</Button>
            ) : null}
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Services">
          {list.map((service) => (
            <ServiceCard
              key={service.id}
              service={service}
              actions={
                canManage
                  ? {
                      onToggle: () => toggle(service),
                      onEdit: () => setEditingId(service.id),
                      onDelete: () => setDeletingId(service.id),
                      busy: busy(service),
                    }
                  : undefined
              }
            >
              {renderPlans?.({ service, services: list })}
            </ServiceCard>
          ))}
        </div>
      )}

      {services.isSuccess ? renderPlans?.({ service: null, services: list }) : null}

      {canManage ? (
        <>
          <ServiceFormDialog open={adding} onOpenChange={setAdding} />
          <ServiceFormDialog
            key={editing?.id ?? 'none'}
            open={Boolean(editing)}
            onOpenChange={(open) => !open && setEditingId(null)}
            service={editing}
          />
          <DeleteServiceDialog
            service={deleting}
            onOpenChange={(open) => !open && setDeletingId(null)}
            onConfirm={confirmDelete}
          />
        </>
      ) : null}
    </div>
  );
}
