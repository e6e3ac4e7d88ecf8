import type { GiftCardBalance } from '@fitbase/domain/contracts/gift-cards';
import type { PortalOffer } from '@fitbase/domain/contracts/portal';
import { toMills } from '@fitbase/domain/amounts';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { type BuyPayment, useBuyOffer } from '../api/buy-offer';
import { useCards } from '../api/cards';
import { useGiftCardBalance } from '../api/gift-cards';
import { newIdempotencyKey } from '../api/idempotency-key';
import { isUnauthorized, PortalApiError, portalErrorMessage } from '../api/portal-fetch';
import { usePortalSlug } from '../hooks/use-portal-slug';
import {
  CardFields,
  cardLabel,
  cardServerErrors,
  type CardDraft,
  type CardErrors,
  EMPTY_CARD,
  toCardInput,
} from './card-fields';
import { formatMoney, offerPrice, offerSignupFee, offerTax, offerTotal } from './offer-format';
import { PortalLoading } from './portal-error';
import { toast } from './portal-toast';
import { usePortalMoney } from '../hooks/use-portal-money';

const NEW_CARD = 'new';

/**
 * `Buy {name}`: a card on file (the default preselected) or a new card, then `Pay {total}`; or a
 * gift card alone when its balance covers the total (ADR 0040). Loaded with the Buy page only
 * when it has something to sell.
 */
export function BuyDialog({ offer, onClose }: { offer: PortalOffer | null; onClose: () => void }) {
  const buy = useBuyOffer();
  return (
    <Dialog
      open={offer !== null}
      onOpenChange={(open) => {
        if (!open && !buy.isPending) onClose();
      }}
    >
      {offer ? (
        <DialogContent
          key={offer.id}
          className="max-h-[90vh] overflow-y-auto"
          onInteractOutside={(event) => {
            if (buy.isPending) event.preventDefault();
          }}
        >
          <BuyForm offer={offer} buy={buy} onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function BuyForm({
  offer,
  buy,
  onClose,
}: {
  offer: PortalOffer;
  buy: ReturnType<typeof useBuyOffer>;
  onClose: () => void;
}) {
  const cards = useCards();
  const navigate = useNavigate();
  const slug = usePortalSlug();
  const [choice, setChoice] = useState<string | null>(null);
  const [draft, setDraft] = useState<CardDraft>(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [giftCardCode, setGiftCardCode] = useState('');
  // The balance of the code as typed when it was checked; the server asked for a card anyway
  // (a tax on top of the price made the total more than the card holds).
  const [gift, setGift] = useState<(GiftCardBalance & { code: string }) | null>(null);
  const [giftShort, setGiftShort] = useState(false);
  const giftBalance = useGiftCardBalance();
  // One purchase per opening: a repeat after no answer (network, 5xx) reuses the key so the
  // server charges once; a definite refusal (declined, invalid) makes the next try a new one.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const idPrefix = useId();
  const money = usePortalMoney();
  const fee = offerSignupFee(offer, money);
  const tax = offerTax(offer, money);
  const total = offerTotal(offer, money);

  const list = cards.data?.cards ?? [];
  // Until the member picks, the default card (or the first; a new card when there is none).
  const chosen =
    choice ??
    (list.find((card) => card.isDefault) ?? list[0])?.id ??
    (cards.data ? NEW_CARD : null);
  const code = giftCardCode.trim();
  const checked = gift && gift.code === code ? gift : null;
  const covers = (card: GiftCardBalance) =>
    !giftShort && toMills(card.balance) >= toMills(offer.dueNow);
  // A gift card that pays it all needs no card: none is asked for or sent.
  const giftPaysAll = checked !== null && covers(checked);

  /** The code's balance, checked once per code typed; null (and the reason shown) if wrong. */
  const checkGiftCard = async (): Promise<GiftCardBalance | null> => {
    if (checked) return checked;
    try {
      const found = await giftBalance.mutateAsync(code);
      setGift({ ...found, code });
      return found;
    } catch (failure) {
      if (!isUnauthorized(failure)) setError(portalErrorMessage(failure));
      return null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setCardErrors({});
    let payment: BuyPayment;
    const found = code ? await checkGiftCard() : null;
    if (code && !found) return;
    if (found && covers(found)) {
      payment = { giftCardCode: code };
    } else if (chosen === NEW_CARD) {
      const parsed = toCardInput(draft);
      if (parsed.errors) {
        setCardErrors(parsed.errors);
        return;
      }
      payment = { card: parsed.input };
    } else if (chosen) {
      payment = { paymentMethodId: chosen };
    } else {
      return;
    }
    if (code && !('giftCardCode' in payment)) payment = { ...payment, giftCardCode: code };
    buy.mutate(
      { offerId: offer.id, payment, idempotencyKey },
      {
        onSuccess: ({ message }) => {
          onClose();
          toast.success(message);
          void navigate(`/m/${slug}/membership`);
        },
        onError: (failure) => {
          if (isUnauthorized(failure)) return;
          if (failure instanceof PortalApiError && failure.status >= 400 && failure.status < 500)
            setIdempotencyKey(newIdempotencyKey());
          if (failure instanceof PortalApiError) setCardErrors(cardServerErrors(failure.fields));
          if (failure instanceof PortalApiError && failure.fields.card) setGiftShort(true);
          setError(portalErrorMessage(failure));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Buy {offer.name}</DialogTitle>
        <DialogDescription>
          {offerPrice(offer, money)}
          {fee ? ` ${fee}` : ''}
          {tax ? ` (${tax})` : ''}. Demo payments: no real card is charged.
        </DialogDescription>
      </DialogHeader>
      {giftPaysAll ? null : cards.isPending ? (
        <PortalLoading label="Loading your cards…" />
      ) : (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Pay with</legend>
          {list.map((card) => (
            <label key={card.id} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${idPrefix}-card`}
                value={card.id}
                checked={chosen === card.id}
                disabled={buy.isPending}
                onChange={() => setChoice(card.id)}
                className="size-4 accent-primary"
              />
              {cardLabel(card)}
            </label>
          ))}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${idPrefix}-card`}
              value={NEW_CARD}
              checked={chosen === NEW_CARD}
              disabled={buy.isPending}
              onChange={() => setChoice(NEW_CARD)}
              className="size-4 accent-primary"
            />
            Use a new card
          </label>
        </fieldset>
      )}
      {chosen === NEW_CARD && !giftPaysAll ? (
        <CardFields
          idPrefix={idPrefix}
          value={draft}
          errors={cardErrors}
          disabled={buy.isPending}
          onChange={setDraft}
        />
      ) : null}
      <div className="grid gap-1">
        <Label htmlFor={`${idPrefix}-gift`}>Gift card code (optional)</Label>
        <Input
          id={`${idPrefix}-gift`}
          value={giftCardCode}
          autoComplete="off"
          className="uppercase"
          disabled={buy.isPending}
          onChange={(event) => setGiftCardCode(event.target.value)}
        />
        <div className="flex items-center gap-2">
          <p className="flex-1 text-xs text-muted-foreground" aria-live="polite">
            {checked
              ? `The gift card ending ${checked.lastFour} has ${formatMoney(checked.balance, money)} left. ${
                  giftPaysAll ? 'It pays it all: no card needed.' : 'Your card pays the rest.'
                }`
              : 'It pays first, up to its balance; your card pays the rest.'}
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={!code || buy.isPending || giftBalance.isPending}
            onClick={() => {
              setError(null);
              void checkGiftCard();
            }}
          >
            Check balance
          </Button>
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={buy.isPending} onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={buy.isPending || giftBalance.isPending || (!chosen && !giftPaysAll)}
        >
          {buy.isPending ? 'Paying…' : `Pay ${total}`}
        </Button>
      </DialogFooter>
    </form>
  );
}
