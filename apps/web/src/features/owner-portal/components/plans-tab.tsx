import type { Plan } from '@fitbase/domain/contracts/owner-portal';
import { useState } from 'react';
import { useReportLoadFailure } from '@/lib/report-error';
import { usePlans } from '../api/list-platform-plans';
import { PlanCard } from './plan-card';
import { PlanForm } from './plan-form';

export function PlansTab() {
  const plans = usePlans();
  const [editing, setEditing] = useState<Plan | null>(null);

  useReportLoadFailure(plans.isError, 'Failed to fetch subscription plans');

  return (
    <div className="space-y-6">
      {/* Keyed so choosing another plan (or finishing) starts the form from that plan's values. */}
      <PlanForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      {plans.isPending ? <p className="text-sm text-muted-foreground">Loading...</p> : null}
      {plans.data && plans.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No subscription plans yet.</p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {plans.data?.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            onEdit={(p) => {
              setEditing(p);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        ))}
      </div>
    </div>
  );
}
