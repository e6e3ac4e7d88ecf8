import type { PortalJoin, PortalJoinInfo } from '@fitbase/domain/contracts/portal-join';
import { isMinorOn } from '@fitbase/domain/waivers';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { newIdempotencyKey } from '../api/idempotency-key';
import { useJoin } from '../api/join';
import { PortalApiError, portalErrorMessage } from '../api/portal-fetch';
import { usePortalSlug } from '../hooks/use-portal-slug';
import {
  CardFields,
  cardServerErrors,
  type CardDraft,
  type CardErrors,
  EMPTY_CARD,
  toCardInput,
} from './card-fields';
import {
  EMPTY_WAIVER,
  JoinWaiverFields,
  type WaiverDraft,
  type WaiverErrors,
  waiverServerErrors,
} from './join-waiver-fields';
import { offerGives, offerPrice, offerSignupFee, offerTax, offerTotal } from './offer-format';
import { PortalField } from './portal-field';
import { toast } from './portal-toast';

const CONTACT = [
  { key: 'firstName', label: 'First name', autoComplete: 'given-name', type: 'text' },
  { key: 'lastName', label: 'Last name', autoComplete: 'family-name', type: 'text' },
  { key: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
  { key: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
  { key: 'dateOfBirth', label: 'Date of birth', autoComplete: 'bday', type: 'date' },
] as const;

type ContactKey = (typeof CONTACT)[number]['key'];
type Contact = Record<ContactKey, string>;
const EMPTY_CONTACT: Contact = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
};

/** The contact fields a join needs, with the server's own messages. */
function requiredErrors(contact: Contact): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of CONTACT)
    if (field.key !== 'dateOfBirth' && !contact[field.key].trim())
      errors[field.key] = `${field.label} is required`;
  return errors;
}

/** Today in the studio's time zone, as 'YYYY-MM-DD' (who is under 18 there). */
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

/**
 * `Join online`: an offer, name, email and phone, the waiver when the studio has one, a card for
 * a paid offer, then `Join` — and the new member lands in their portal, signed in.
 */
export function JoinForm({ info }: { info: PortalJoinInfo }) {
  const slug = usePortalSlug();
  const navigate = useNavigate();
  const join = useJoin();
  const id = useId();
  const [offerId, setOfferId] = useState(info.offers.length === 1 ? info.offers[0]!.id : '');
  const [contact, setContact] = useState<Contact>(EMPTY_CONTACT);
  const [waiver, setWaiver] = useState<WaiverDraft>(EMPTY_WAIVER);
  const [card, setCard] = useState<CardDraft>(EMPTY_CARD);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [waiverErrors, setWaiverErrors] = useState<WaiverErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [memberExists, setMemberExists] = useState(false);
  // One join per form: a repeat after no answer reuses the key (one member, one charge); a
  // definite refusal makes the next try a new one.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const offer = info.offers.find((o) => o.id === offerId) ?? null;
  // Prices in the studio's currency and locale (ADR 0038): the join info carries them.
  const money = { currency: info.studio.currency, locale: info.studio.locale };
  const minor = isMinorOn(contact.dateOfBirth || null, todayIn(info.studio.timeZone));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setMemberExists(false);
    setFieldErrors({});
    setCardErrors({});
    setWaiverErrors({});
    // The card number never leaves this form: it is checked here, with the required fields
    // beside it so every missing answer shows at once (the server checks all again).
    const missing = requiredErrors(contact);
    const parsed = offer?.needsCard ? toCardInput(card) : null;
    if (Object.keys(missing).length > 0 || parsed?.errors) {
      setFieldErrors(missing);
      setCardErrors(parsed?.errors ?? {});
      setError('Check the highlighted fields.');
      return;
    }
    const cardInput: PortalJoin['card'] = parsed?.input;
    const input: PortalJoin = {
      offerId,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email.trim(),
      phone: contact.phone,
      dateOfBirth: contact.dateOfBirth || undefined,
      card: cardInput,
      waiver: info.waiver
        ? {
            fullName: waiver.fullName,
            guardianName: minor ? waiver.guardianName : null,
            // The server answers an unticked box with its own message beside it.
            agree: waiver.agree as true,
          }
        : undefined,
    };
    join.mutate(
      { input, idempotencyKey },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          void navigate(`/m/${slug}/schedule`, { replace: true });
        },
        onError: (failure) => {
          if (failure instanceof PortalApiError && failure.status >= 400 && failure.status < 500)
            setIdempotencyKey(newIdempotencyKey());
          if (failure instanceof PortalApiError) {
            setFieldErrors(failure.fields);
            setCardErrors(cardServerErrors(failure.fields));
            setWaiverErrors(waiverServerErrors(failure.fields));
            setMemberExists(failure.code === 'member_exists');
          }
          setError(portalErrorMessage(failure));
        },
      },
    );
  };

  return (
    <form noValidate aria-label="Join online" onSubmit={submit} className="space-y-6">
      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium">Choose your offer</legend>
        {info.offers.map((o) => {
          const fee = offerSignupFee(o, money);
          const tax = offerTax(o, money);
          const gives = offerGives(o);
          return (
            <label
              key={o.id}
              className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name={`${id}-offer`}
                value={o.id}
                checked={offerId === o.id}
                disabled={join.isPending}
                onChange={() => setOfferId(o.id)}
                className="mt-1 size-4 accent-primary"
              />
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{o.name}</span>
                {gives ? (
                  <span className="block text-sm text-muted-foreground">{gives}</span>
                ) : null}
              </span>
              <span className="text-right text-sm tabular-nums">
                {o.needsCard ? offerPrice(o, money) : 'Free'}
                {fee ? <span className="block text-muted-foreground">{fee}</span> : null}
                {tax ? <span className="block text-muted-foreground">{tax}</span> : null}
              </span>
            </label>
          );
        })}
        {fieldErrors.offerId ? (
          <p className="text-sm text-destructive">{fieldErrors.offerId}</p>
        ) : null}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {CONTACT.map((field) => (
          <PortalField
            key={field.key}
            id={`${id}-${field.key}`}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete}
            value={contact[field.key]}
            disabled={join.isPending}
            error={fieldErrors[field.key] ?? null}
            onChange={(event) => setContact({ ...contact, [field.key]: event.target.value })}
          />
        ))}
      </div>
      {info.waiver ? (
        <JoinWaiverFields
          idPrefix={id}
          waiver={info.waiver}
          minor={minor}
          value={waiver}
          errors={waiverErrors}
          disabled={join.isPending}
          onChange={setWaiver}
        />
      ) : null}
      {offer?.needsCard ? (
        <fieldset className="space-y-3">
          <legend className="mb-2 font-medium">Pay {offerTotal(offer, money)}</legend>
          <p className="text-sm text-muted-foreground">Demo payments: no real card is charged.</p>
          <CardFields
            idPrefix={id}
            value={card}
            errors={cardErrors}
            disabled={join.isPending}
            onChange={setCard}
          />
          {fieldErrors.card ? <p className="text-sm text-destructive">{fieldErrors.card}</p> : null}
        </fieldset>
      ) : null}
      {error ? (
        <div role="alert" className="space-y-1 text-sm text-destructive">
          <p>{error}</p>
          {memberExists ? (
            <Link to={`/m/${slug}`} className="font-medium underline">
              Sign in
            </Link>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" className="w-full" disabled={join.isPending}>
        {join.isPending ? 'Joining…' : 'Join'}
      </Button>
    </form>
  );
}
