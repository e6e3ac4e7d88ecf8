import type { Plan } from '@fitbase/domain/contracts/owner-portal';
import { annualSaving, formatDollars } from '@fitbase/domain/savings';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * Feature values as docs/product/owner-portal.md#subscription-plans shows them: booleans as Yes/No,
 * everything else as text.
 */
export function featureValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** "max_members" → "max members". */
export function featureLabel(key: string): string {
  return key.replace(/_/g, ' ');
}

export function PlanCard({ plan, onEdit }: { plan: Plan; onEdit: (plan: Plan) => void }) {
  const saving = annualSaving(plan.priceMonthly, plan.priceYearly);
  const features = Object.entries(plan.features);
  return (
    <Card data-testid="plan-card" aria-label={`Plan ${plan.name}`}>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle>{plan.name}</CardTitle>
          {!plan.isActive ? <Badge variant="secondary">Inactive</Badge> : null}
        </div>
        {plan.description ? <CardDescription>{plan.description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-2xl font-bold">
          {formatDollars(plan.priceMonthly)}
          <span className="text-sm font-normal text-muted-foreground">/month</span>
        </p>
        {plan.priceYearly !== null ? (
          <p className="text-sm">
            {formatDollars(plan.priceYearly)}/year
            {saving !== null ? (
              <span className="text-muted-foreground"> (Save {formatDollars(saving)})</span>
            ) : null}
          </p>
        ) : null}
        {features.length > 0 ? (
          <ul className="space-y-1 text-sm">
            {features.map(([key, value]) => (
              <li key={key} className="flex justify-between gap-2">
                <span className="capitalize">{featureLabel(key)}</span>
                <span className="font-medium">{featureValue(value)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <Button variant="outline" size="sm" onClick={() => onEdit(plan)}>
          Edit
        </Button>
      </CardContent>
    </Card>
  );
}
