import { portalGiftCardBuySchema } from '@fitbase/domain/contracts/gift-cards';
import { formatMoney } from '@fitbase/domain/studio-format';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useCards } from '../api/cards';
import { useBuyGiftCard, useGiftCardBalance } from '../api/gift-cards';
import { portalErrorMessage } from '../api/portal-fetch';
import { usePortalMoney } from '../hooks/use-portal-money';
import { cardLabel } from './card-fields';
import { toast } from './portal-toast';

/**
 * The Buy page's gift cards (docs/product/money-and-store.md#gift-cards): give one (an amount, the
 * recipient and a message, paid with a card on file; the code is emailed to the recipient), and
 * check what is left on a code.
 */
export function GiftCardSection() {
  return (
    <section aria-labelledby="portal-gift-heading" className="space-y-4 rounded-lg border p-4">
      <h2 id="portal-gift-heading" className="font-medium">
        Gift cards
      </h2>
      <GiveGiftCard />
      <GiftCardBalanceCheck />
    </section>
  );
}

function GiveGiftCard() {
  const id = useId();
  const money = usePortalMoney();
  const cards = useCards();
  const buy = useBuyGiftCard();
  const [amount, setAmount] = useState('');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [cardId, setCardId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const list = cards.data?.cards ?? [];
  const chosen = cardId ?? list.find((c) => c.isDefault)?.id ?? list[0]?.id ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = portalGiftCardBuySchema.safeParse({
      amount,
      recipientEmail: email,
      recipientName: name || undefined,
      message: message || undefined,
      paymentMethodId: chosen || undefined,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await buy.mutateAsync(parsed.data);
      toast.success(
        `Your ${formatMoney(parsed.data.amount, money)} gift card is on its way to ${parsed.data.recipientEmail}.`,
      );
      setAmount('');
      setEmail('');
      setName('');
      setMessage('');
    } catch (error) {
      setErrors({ form: portalErrorMessage(error) });
    }
  };

  const field = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="text-sm text-destructive">
        {errors[key]}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Give a gift card" noValidate>
      <div className="space-y-1">
        <Label htmlFor={`${id}-amount`}>Amount</Label>
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={Boolean(errors.amount) || undefined}
        />
        {field('amount')}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-email`}>Recipient email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(errors.recipientEmail) || undefined}
        />
        {field('recipientEmail')}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-name`}>Recipient name</Label>
        <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea
          id={`${id}-message`}
          value={message}
          maxLength={500}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      {list.length > 0 ? (
        <div className="space-y-1">
          <Label htmlFor={`${id}-card`}>Pay with</Label>
          <select
            id={`${id}-card`}
            value={chosen}
            onChange={(e) => setCardId(e.target.value)}
            className="h-9 w-full rounded-md border bg-transparent px-3 text-sm"
          >
            {list.map((card) => (
              <option key={card.id} value={card.id}>
                {cardLabel(card)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          Add a card in your profile to buy a gift card.
        </p>
      )}
      {errors.form ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" disabled={buy.isPending || list.length === 0}>
        {buy.isPending ? 'Buying…' : 'Buy gift card'}
      </Button>
    </form>
  );
}

function GiftCardBalanceCheck() {
  const id = useId();
  const money = usePortalMoney();
  const check = useGiftCardBalance();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) check.mutate(code.trim());
  };
  return (
    <form onSubmit={submit} className="space-y-2" aria-label="Check a gift card">
      <Label htmlFor={`${id}-code`}>Gift card code</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-code`}
          value={code}
          autoComplete="off"
          className="uppercase"
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={check.isPending}>
          Check balance
        </Button>
      </div>
      <p aria-live="polite" className="text-sm">
        {check.data
          ? `Gift card •••• ${check.data.lastFour}: ${formatMoney(check.data.balance, money)} left.`
          : check.error
            ? portalErrorMessage(check.error)
            : null}
      </p>
    </form>
  );
}
