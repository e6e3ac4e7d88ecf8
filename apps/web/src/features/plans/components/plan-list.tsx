import type { Plan } from '@fitbase/domain/contracts/plans';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { reportError } from '@/lib/report-error';
import { usePlans } from '../api/list-plans';
import { useUpdatePlan } from '../api/update-plan';
import { formatPlanPrice, kindLabel, planDetails } from '../lib/plan-format';
import { PlanFormDialog, type ServiceChoice } from './plan-form-dialog';
import { useMoney, useStudioFormat } from '@/hooks/use-studio-format';

interface PlanListProps {
  /** The service whose plans these are; null = the plans sold without a service. */
  service: ServiceChoice | null;
  /** Every service, for the dialog's Service choice. */
  services: ReadonlyArray<ServiceChoice>;
  /** Owners and admins (money.manage): Add Plan, Edit, Deactivate. */
  canManage: boolean;
}

/**
 * A service's plans, beside the service on the Services screen
 * (docs/product/money-and-store.md#plans); with `service` null, the plans without a service.
 */
export function PlanList({ service, services, canManage }: PlanListProps) {
  const plans = usePlans();
  const money = useMoney();
  const { locale } = useStudioFormat();
  const update = useUpdatePlan();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const serviceId = service?.id ?? null;
  const list = (plans.data ?? []).filter((plan) => plan.serviceId === serviceId);
  const editing = list.find((plan) => plan.id === editingId);
  const label = service ? `Plans of ${service.name}` : 'Plans without a service';

  const toggle = (plan: Plan) =>
    update.mutate(
      { id: plan.id, changes: { isActive: !plan.isActive } },
      {
        onSuccess: () =>
          toast.success('Success', {
            description: plan.isActive ? 'Plan deactivated' : 'Plan activated',
          }),
        onError: (error) => reportError(error, { fallback: 'Failed to update plan' }),
      },
    );

  // The unassigned group appears only with something in it, or for someone who can add one.
  if (!service && list.length === 0 && !canManage) return null;

  return (
    <section
      aria-label={label}
      className={service ? 'space-y-2' : 'space-y-2 rounded-xl border bg-card p-4 shadow-sm'}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{service ? 'Plans' : 'Plans without a service'}</h3>
        {canManage ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setAdding(true)}
            aria-label={service ? `Add Plan to ${service.name}` : 'Add Plan'}
          >
            <Plus aria-hidden />
            Add Plan
          </Button>
        ) : null}
      </div>
      {plans.isPending ? (
        <p className="text-sm text-muted-foreground">Loading plans...</p>
      ) : plans.isError ? (
        <p className="text-sm text-muted-foreground">Failed to load plans</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No plans yet.</p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label={label}>
          {list.map((plan) => (
            <li key={plan.id} className="space-y-1 p-3" aria-label={plan.name}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{plan.name}</span>
                <Badge variant="outline">{kindLabel(plan.kind)}</Badge>
                {plan.isActive ? null : <Badge variant="secondary">Inactive</Badge>}
              </div>
              <p className="text-sm font-semibold">{formatPlanPrice(plan, money)}</p>
              {planDetails(plan, money, locale).length ? (
                <p className="text-xs text-muted-foreground">
                  {planDetails(plan, money, locale).join(' · ')}
                </p>
              ) : null}
              {canManage ? (
                <div className="flex items-center gap-2 pt-1">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => toggle(plan)}
                    disabled={update.isPending && update.variables?.id === plan.id}
                    aria-label={`${plan.isActive ? 'Deactivate' : 'Activate'} ${plan.name}`}
                  >
                    {plan.isActive ? 'Deactivate' : 'Activate'}
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => setEditingId(plan.id)}
                    aria-label={`Edit ${plan.name}`}
                  >
                    <Pencil />
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <>
          <PlanFormDialog
            services={services}
            serviceId={serviceId}
            open={adding}
            onOpenChange={setAdding}
          />
          <PlanFormDialog
            key={editing?.id ?? 'none'}
            services={services}
            plan={editing}
            open={Boolean(editing)}
            onOpenChange={(open) => !open && setEditingId(null)}
          />
        </>
      ) : null}
    </section>
  );
}
