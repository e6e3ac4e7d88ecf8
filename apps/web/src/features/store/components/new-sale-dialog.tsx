import type { Order, OrderCreate, Product } from '@fitbase/domain/contracts/store';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-fields';
import { MemberSearchFields } from '@/components/member-search/member-search-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ApiError } from '@/lib/api/api-error';
import { failureMessage } from '@/lib/form-errors';
import { formSuccess } from '@/lib/form-feedback';
import { reportProblem } from '@/lib/report-error';
import { useDiscountCheck } from '../api/check-discount';
import { useCreateOrder } from '../api/create-order';
import { useMemberCards } from '@/entities/members/api/list-member-cards';
import { addToCart, cartTotals, quantityProblem, type CartLine } from '../lib/cart';
import { orderNumber } from '../lib/store-format';
import { SaleCart } from './sale-cart';
import { EMPTY_SALE, type SaleForm } from './sale-form';
import { SalePayment } from './sale-payment';
import { SaleProductPicker } from './sale-products';
import { useMoney } from '@/hooks/use-studio-format';

/** New Sale: the point of sale (docs/product/money-and-store.md#store). */
export function NewSaleDialog({
  open,
  onOpenChange,
  onSold,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSold?: (order: Order) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>New Sale</DialogTitle>
          <DialogDescription>Sell products to a member or a walk-in customer.</DialogDescription>
        </DialogHeader>
        {/* Mounted per opening: a new sale, a new idempotency key. */}
        {open ? (
          <SaleBody
            onDone={(order) => {
              onOpenChange(false);
              if (order) onSold?.(order);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function SaleBody({ onDone }: { onDone: (order?: Order) => void }) {
  const money = useMoney();
  // One key per opened sale, so a double click or a retried request never sells twice. A
  // refused attempt sold nothing: the next attempt is a new sale with a new key.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [lines, setLines] = useState<CartLine[]>([]);
  const [saleError, setSaleError] = useState<string | null>(null);
  const [cartError, setCartError] = useState<string | null>(null);
  // A second click before the first request's state renders is ignored here already.
  const submitting = useRef(false);
  const form = useForm<SaleForm>({ defaultValues: EMPTY_SALE });
  const { control, setValue, setError } = form;
  const customer = useWatch({ control, name: 'customer' });
  const memberId = useWatch({ control, name: 'memberId' });
  const method = useWatch({ control, name: 'method' });
  const code = useDebouncedValue(
    (useWatch({ control, name: 'discountCode' }) ?? '').trim().toUpperCase(),
    400,
  );
  const chosenMember = customer === 'member' ? memberId : null;
  const cards = useMemberCards(chosenMember);
  const create = useCreateOrder();

  const undiscounted = cartTotals(lines, null);
  const check = useDiscountCheck(lines.length > 0 ? code : '', undiscounted.subtotal);
  const discount = code && check.data ? check.data.discount : null;
  const totals = cartTotals(lines, discount);
  const inCart = useMemo(() => new Map(lines.map((l) => [l.productId, l.quantity])), [lines]);

  // Card on file needs a member; with one chosen, their default card is offered first.
  useEffect(() => {
    if (!chosenMember && method === 'card') setValue('method', 'cash');
  }, [chosenMember, method, setValue]);
  useEffect(() => {
    const usable = cards.data?.filter((card) => card.isActive) ?? [];
    const preferred = usable.find((card) => card.isDefault) ?? usable[0];
    setValue('paymentMethodId', preferred?.id ?? '');
  }, [cards.data, setValue]);

  const add = useCallback((product: Product) => {
    setCartError(null);
    setLines((current) =>
      addToCart(current, {
        productId: product.id,
        name: product.name,
        unitPrice: product.price,
        stockOnHand: product.stockOnHand,
      }),
    );
  }, []);

  const onSubmit = async (values: SaleForm) => {
    setSaleError(null);
    if (lines.length === 0) return setCartError('Add at least one product');
    if (lines.some((line) => quantityProblem(line.quantity, line.stockOnHand)))
      return setCartError('Fix the quantities: a sale cannot take more than is in stock');
    if (values.customer === 'member' && !values.memberId)
      return setError('memberId', { message: 'Choose a member, or sell to a walk-in' });
    if (values.method === 'card' && !values.paymentMethodId)
      return setError('method', { message: 'This member has no card on file: take cash' });
    if (code && !check.data)
      return setError('discountCode', {
        message: check.isError
          ? failureMessage(check.error, 'This code cannot be used')
          : 'Checking the code...',
      });
    const order: OrderCreate = {
      memberId: values.customer === 'member' ? values.memberId : null,
      customerName: values.customer === 'walk_in' ? values.customerName.trim() || null : null,
      lines: lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
      discountCode: code || undefined,
      giftCardCode: values.giftCardCode.trim() || undefined,
      method: values.method,
      paymentMethodId: values.method === 'card' ? values.paymentMethodId : undefined,
    };
    if (submitting.current) return;
    submitting.current = true;
    try {
      const sold = await create.mutateAsync({ order, idempotencyKey });
      const gift = sold.giftCardPayment;
      formSuccess(
        'Sale recorded',
        `Order ${orderNumber(sold.number)} · ${money(sold.total)}` +
          (gift
            ? ` · gift card •••• ${gift.lastFour} paid ${money(gift.amount)}, ${money(gift.balance)} left`
            : ''),
      );
      onDone(sold);
    } catch (error) {
      const message = failureMessage(error, 'The sale could not be recorded. Try again.');
      if (error instanceof ApiError && error.status < 500) setIdempotencyKey(crypto.randomUUID());
      if (error instanceof ApiError && error.code === 'discount_invalid')
        setError('discountCode', { message }, { shouldFocus: true });
      else if (
        error instanceof ApiError &&
        (error.code === 'not_found' || error.code === 'rate_limited') &&
        values.giftCardCode.trim()
      )
        setError('giftCardCode', { message }, { shouldFocus: true });
      // Declines, an expired card, stock gone meanwhile: the server's message, the sale kept open.
      else setSaleError(message);
      reportProblem('Sale not completed', message, { formToast: true });
    } finally {
      submitting.current = false;
    }
  };

  const pending = create.isPending;
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !pending}
      idPrefix="sale"
      className="space-y-5"
      aria-label="New Sale"
    >
      <fieldset className="space-y-3" disabled={pending}>
        <legend className="text-sm font-semibold">Customer</legend>
        <div
          className="inline-flex rounded-md border p-0.5"
          role="group"
          aria-label="Customer type"
        >
          {(['member', 'walk_in'] as const).map((option) => (
            <Button
              key={option}
              type="button"
              size="sm"
              variant={customer === option ? 'default' : 'ghost'}
              aria-pressed={customer === option}
              onClick={() => setValue('customer', option)}
            >
              {option === 'member' ? 'Member' : 'Walk-in'}
            </Button>
          ))}
        </div>
        {customer === 'member' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <MemberSearchFields control={control} searchName="memberSearch" memberName="memberId" />
          </div>
        ) : (
          <TextField
            control={control}
            name="customerName"
            label="Customer name (optional)"
            maxLength={120}
            autoComplete="off"
          />
        )}
      </fieldset>

      <fieldset className="space-y-3" disabled={pending}>
        <legend className="text-sm font-semibold">Products</legend>
        <SaleProductPicker inCart={inCart} onAdd={add} disabled={pending} />
        <SaleCart
          lines={lines}
          totals={totals}
          discountCode={discount ? code : null}
          disabled={pending}
          onQuantityChange={(productId, quantity) => {
            setCartError(null);
            setLines((current) =>
              current.map((l) => (l.productId === productId ? { ...l, quantity } : l)),
            );
          }}
          onRemove={(productId) =>
            setLines((current) => current.filter((l) => l.productId !== productId))
          }
        />
        {cartError ? (
          <p role="alert" className="text-sm text-destructive">
            {cartError}
          </p>
        ) : null}
      </fieldset>

      <div className="space-y-1">
        <TextField
          control={control}
          name="discountCode"
          label="Discount code"
          maxLength={40}
          autoComplete="off"
          inputClassName="uppercase"
          disabled={pending}
        />
        <DiscountStatus code={code} hasLines={lines.length > 0} check={check} discount={discount} />
      </div>

      <TextField
        control={control}
        name="giftCardCode"
        label="Gift card code"
        description="Pays first, up to its balance; the payment below pays the rest"
        maxLength={64}
        autoComplete="off"
        inputClassName="uppercase"
        disabled={pending}
      />

      <SalePayment
        control={control}
        method={method}
        hasMember={Boolean(chosenMember)}
        cards={cards.data}
        cardsLoading={Boolean(chosenMember) && cards.isPending}
        disabled={pending}
      />

      {saleError ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {saleError}
        </p>
      ) : null}

      <DialogFooter>
        <Button variant="outline" type="button" onClick={() => onDone()} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || lines.length === 0}>
          {pending ? 'Recording sale...' : `Complete Sale · ${money(totals.total)}`}
        </Button>
      </DialogFooter>
    </Form>
  );
}

function DiscountStatus({
  code,
  hasLines,
  check,
  discount,
}: {
  code: string;
  hasLines: boolean;
  check: { isFetching: boolean; isError: boolean; error: unknown };
  discount: string | null;
}) {
  const money = useMoney();
  if (!code) return null;
  let text: string;
  let tone = 'text-muted-foreground';
  if (!hasLines) text = 'Add products to check the code';
  else if (check.isError) {
    text = failureMessage(check.error, 'This code cannot be used');
    tone = 'text-destructive';
  } else if (check.isFetching || discount === null) text = 'Checking code...';
  else text = `${code}: -${money(discount)}`;
  return (
    <p className={`text-sm ${tone}`} aria-live="polite">
      {text}
    </p>
  );
}
