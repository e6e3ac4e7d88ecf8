import { formatMills } from '@fitbase/domain/amounts';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { lineTotalMills, quantityProblem, type CartLine, type CartTotals } from '../lib/cart';
import { useMoney } from '@/hooks/use-studio-format';

/** The cart's lines with their quantities (never more than in stock) and the totals. */
export function SaleCart({
  lines,
  totals,
  discountCode,
  onQuantityChange,
  onRemove,
  disabled,
}: {
  lines: CartLine[];
  totals: CartTotals;
  discountCode: string | null;
  onQuantityChange: (productId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
  disabled?: boolean;
}) {
  const money = useMoney();
  if (lines.length === 0)
    return <p className="text-sm text-muted-foreground">No products in this sale yet.</p>;
  return (
    <div className="space-y-3">
      <ul aria-label="Cart" className="divide-y rounded-md border">
        {lines.map((line) => {
          const problem = quantityProblem(line.quantity, line.stockOnHand);
          const inputId = `cart-qty-${line.productId}`;
          return (
            <li key={line.productId} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{line.name}</p>
                <p className="text-xs text-muted-foreground">
                  {money(line.unitPrice)} each · {line.stockOnHand} in stock
                </p>
                {problem ? (
                  <p id={`${inputId}-error`} className="text-xs text-destructive">
                    {problem}
                  </p>
                ) : null}
              </div>
              <Input
                id={inputId}
                type="number"
                inputMode="numeric"
                min={1}
                max={line.stockOnHand}
                step={1}
                className="w-20"
                aria-label={`Quantity of ${line.name}`}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${inputId}-error` : undefined}
                value={Number.isFinite(line.quantity) ? line.quantity : ''}
                disabled={disabled}
                onChange={(event) => onQuantityChange(line.productId, Number(event.target.value))}
              />
              <span className="w-24 text-right text-sm tabular-nums">
                {money(formatMills(lineTotalMills(line)))}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${line.name}`}
                disabled={disabled}
                onClick={() => onRemove(line.productId)}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          );
        })}
      </ul>
      <div role="group" aria-label="Sale totals" className="ml-auto w-64">
        <dl className="grid grid-cols-2 gap-1 text-sm">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right tabular-nums">{money(totals.subtotal)}</dd>
          {totals.discount !== '0.00' ? (
            <>
              <dt className="text-muted-foreground">
                Discount{discountCode ? ` (${discountCode})` : ''}
              </dt>
              <dd className="text-right tabular-nums">-{money(totals.discount)}</dd>
            </>
          ) : null}
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold tabular-nums">{money(totals.total)}</dd>
        </dl>
      </div>
    </div>
  );
}
