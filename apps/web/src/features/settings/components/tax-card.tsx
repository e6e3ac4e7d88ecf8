import type { TaxRate, TaxSettings } from '@fitbase/domain/contracts/tax-rates';
import { can } from '@fitbase/domain/permissions';
import type { TaxRounding } from '@fitbase/domain/tax';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { useStudioFormat } from '@/hooks/use-studio-format';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useCurrentOrganization } from '@/lib/session';
import { useSaveTaxRate } from '../api/save-tax-rate';
import { useTaxSettings } from '../api/tax-settings';
import { useUpdateTaxSettings } from '../api/update-tax-settings';
import { TaxRateDialog } from './tax-rate-dialog';

const selectClass =
  'flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50';

/** "8.8750" → "8.875%", in the studio's locale. */
export function formatRate(rate: string, locale: string): string {
  return `${Number(rate).toLocaleString(locale, { maximumFractionDigits: 4 })}%`;
}

function usedBy(rate: TaxRate): string {
  const parts = [
    rate.usedBy.plans ? `${rate.usedBy.plans} plan${rate.usedBy.plans === 1 ? '' : 's'}` : null,
    rate.usedBy.products
      ? `${rate.usedBy.products} product${rate.usedBy.products === 1 ? '' : 's'}`
      : null,
    rate.usedBy.fees ? 'booking fees' : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Nothing yet';
}

/**
 * Tax (docs/product/money-and-store.md#tax): the studio's VAT or sales tax rates, the rate of its
 * booking fees and how each line's tax is rounded. Plans and products choose their rate in
 * their own forms. Every role reads it; owners and admins (money.manage) change it.
 */
export function TaxCard() {
  const { role } = useCurrentOrganization();
  const settings = useTaxSettings();
  const canEdit = can(role, 'money.manage');
  const { locale } = useStudioFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Tax</h2>
        </CardTitle>
        <CardDescription>
          Sales tax or VAT charged on plans, products and booking fees. Each sale keeps the rate it
          was charged.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load the tax rates
          </p>
        ) : (
          <TaxBody settings={settings.data} canEdit={canEdit} locale={locale} />
        )}
      </CardContent>
    </Card>
  );
}

function TaxBody({
  settings,
  canEdit,
  locale,
}: {
  settings: TaxSettings;
  canEdit: boolean;
  locale: string;
}) {
  const [editing, setEditing] = useState<TaxRate | 'new' | null>(null);
  const save = useSaveTaxRate();
  const update = useUpdateTaxSettings();
  const active = settings.rates.filter((r) => r.isActive);

  const setActive = async (rate: TaxRate, isActive: boolean) => {
    try {
      await save.mutateAsync({ id: rate.id, body: { isActive } });
      formSuccess(isActive ? `${rate.name} restored` : `${rate.name} archived`);
    } catch (error) {
      reportError(error, { fallback: 'Failed to change the tax rate', formToast: true });
    }
  };
  const saveSetting = async (body: { feeTaxRateId?: string | null; rounding?: TaxRounding }) => {
    try {
      await update.mutateAsync(body);
      formSuccess('Tax settings saved');
    } catch (error) {
      reportError(error, { fallback: 'Failed to save the tax settings', formToast: true });
    }
  };

  return (
    <div className="space-y-4">
      {settings.rates.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No tax rates. Sales are not taxed until you add one and choose it on a plan or product.
        </p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Rate</TableHead>
              <TableHead>Prices</TableHead>
              <TableHead>Charged on</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {settings.rates.map((rate) => (
              <TableRow key={rate.id}>
                <TableCell className="font-medium">
                  {rate.name} {rate.isActive ? null : <Badge variant="secondary">Archived</Badge>}
                </TableCell>
                <TableCell>{formatRate(rate.rate, locale)}</TableCell>
                <TableCell>{rate.inclusive ? 'Included in price' : 'Added on top'}</TableCell>
                <TableCell>{usedBy(rate)}</TableCell>
                <TableCell className="space-x-2 text-right">
                  {canEdit && rate.isActive ? (
                    <>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Edit ${rate.name}`}
                        onClick={() => setEditing(rate)}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Archive ${rate.name}`}
                        disabled={save.isPending}
                        onClick={() => void setActive(rate, false)}
                      >
                        Archive
                      </Button>
                    </>
                  ) : canEdit ? (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Restore ${rate.name}`}
                      disabled={save.isPending}
                      onClick={() => void setActive(rate, true)}
                    >
                      Restore
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {canEdit ? (
        <Button variant="outline" onClick={() => setEditing('new')}>
          Add tax rate
        </Button>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="tax-fee-rate">Booking fees</Label>
          <select
            id="tax-fee-rate"
            className={selectClass}
            value={settings.feeTaxRateId ?? ''}
            disabled={!canEdit || update.isPending}
            onChange={(e) => void saveSetting({ feeTaxRateId: e.target.value || null })}
          >
            <option value="">No tax</option>
            {active.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name} ({formatRate(r.rate, locale)})
              </option>
            ))}
          </select>
          <p className="text-xs text-muted-foreground">Late-cancel and no-show fees</p>
        </div>
        <div className="space-y-2">
          <Label htmlFor="tax-rounding">Rounding</Label>
          <select
            id="tax-rounding"
            className={selectClass}
            value={settings.rounding}
            disabled={!canEdit || update.isPending}
            onChange={(e) => void saveSetting({ rounding: e.target.value as TaxRounding })}
          >
            <option value="half_up">Half up (most tax offices)</option>
            <option value="half_even">Half even</option>
          </select>
          <p className="text-xs text-muted-foreground">
            Each line's tax is rounded to the smallest coin of your currency.
          </p>
        </div>
      </div>
      <TaxRateDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        rate={editing && editing !== 'new' ? editing : undefined}
      />
    </div>
  );
}
