import type { PortalProfile, PortalProfileUpdate } from '@fitbase/domain/contracts/portal';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAddCard, useCards } from '../api/cards';
import { isUnauthorized, PortalApiError, portalErrorMessage } from '../api/portal-fetch';
import { useProfile, useUpdateProfile } from '../api/profile';
import {
  CardFields,
  cardLabel,
  cardServerErrors,
  type CardDraft,
  type CardErrors,
  EMPTY_CARD,
  toCardInput,
} from '../components/card-fields';
import { CalendarFeedSection } from '../components/calendar-feed-section';
import { CardList } from '../components/card-list';
import { CheckInCode } from '../components/check-in-code-section';
import { KioskPinSection } from '../components/kiosk-pin-section';
import { MyData } from '../components/my-data-section';
import { NotificationsSection } from '../components/notifications-section';
import { PortalLoading } from '../components/portal-error';
import { PortalField } from '../components/portal-field';
import { Section } from '../components/portal-section';
import { ReceiptsSection } from '../components/receipts-section';
import { toast } from '../components/portal-toast';
import { WaiverSection } from '../components/waiver-section';

type TextField = Exclude<
  keyof PortalProfile,
  'email' | 'marketingConsent' | 'emailReminders' | 'pushReminders' | 'pushMarketing'
>;

const CONTACT: ReadonlyArray<[TextField, string, string?]> = [
  ['firstName', 'First name', 'given-name'],
  ['lastName', 'Last name', 'family-name'],
  ['phone', 'Phone', 'tel'],
  ['addressLine1', 'Address line 1', 'address-line1'],
  ['addressLine2', 'Address line 2', 'address-line2'],
  ['city', 'City', 'address-level2'],
  ['state', 'State', 'address-level1'],
  ['postalCode', 'Postal code', 'postal-code'],
];
const EMERGENCY: ReadonlyArray<[TextField, string, string?]> = [
  ['emergencyContactName', 'Name'],
  ['emergencyContactPhone', 'Phone'],
  ['emergencyContactRelationship', 'Relationship'],
];
const TEXT_FIELDS = [...CONTACT, ...EMERGENCY].map(([field]) => field);

type Draft = Record<TextField, string>;

const toDraft = (profile: PortalProfile): Draft =>
  Object.fromEntries(TEXT_FIELDS.map((field) => [field, profile[field] ?? ''])) as Draft;

/**
 * The member's details, notifications, cards on file, check-in code, kiosk PIN and their data.
 */
export function ProfileRoute() {
  const profile = useProfile();
  if (profile.error) throw profile.error;
  if (profile.isPending) return <PortalLoading label="Loading your profile…" />;
  return (
    <div className="space-y-8">
      <h1 className="text-xl font-semibold">Profile</h1>
      <DetailsForm profile={profile.data} />
      <NotificationsSection profile={profile.data} />
      <CardsOnFile />
      <CheckInCode />
      <KioskPinSection />
      <CalendarFeedSection />
      <WaiverSection />
      <ReceiptsSection />
      <MyData />
    </div>
  );
}

function DetailsForm({ profile }: { profile: PortalProfile }) {
  const update = useUpdateProfile();
  const [draft, setDraft] = useState<Draft>(() => toDraft(profile));
  const [errors, setErrors] = useState<Partial<Record<TextField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const idPrefix = useId();
  const emailId = useId();

  const field = ([name, label, autoComplete]: [TextField, string, string?]) => (
    <PortalField
      key={name}
      id={`${idPrefix}-${name}`}
      label={label}
      autoComplete={autoComplete ?? 'off'}
      value={draft[name]}
      disabled={update.isPending}
      error={errors[name] ?? null}
      onChange={(event) => setDraft((was) => ({ ...was, [name]: event.target.value }))}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError(null);
    const changes: PortalProfileUpdate = {};
    for (const name of TEXT_FIELDS) changes[name] = draft[name].trim();
    update.mutate(changes, {
      onSuccess: (saved) => {
        setDraft(toDraft(saved));
        toast.success('Profile saved.');
      },
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        if (failure instanceof PortalApiError) setErrors(failure.fields);
        setError(portalErrorMessage(failure));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-8">
      <Section title="Contact details">
        <div className="grid gap-3 sm:grid-cols-2">
          {CONTACT.slice(0, 2).map(field)}
          <div className="space-y-2 sm:col-span-2">
            <PortalField
              id={emailId}
              label="Email"
              type="email"
              value={profile.email ?? ''}
              readOnly
              aria-describedby={`${emailId}-note`}
              error={null}
            />
            <p id={`${emailId}-note`} className="text-sm text-muted-foreground">
              Ask the studio to change your sign-in email.
            </p>
          </div>
          {CONTACT.slice(2).map(field)}
        </div>
      </Section>
      <Section title="Emergency contact">
        <div className="grid gap-3 sm:grid-cols-2">{EMERGENCY.map(field)}</div>
      </Section>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

function CardsOnFile() {
  const cards = useCards();
  const add = useAddCard();
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<CardDraft>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const [error, setError] = useState<string | null>(null);
  const idPrefix = useId();

  const close = () => {
    setAdding(false);
    setDraft(EMPTY_CARD);
    setErrors({});
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError(null);
    // Last four, brand and expiry only: the full number never leaves this form.
    const parsed = toCardInput(draft);
    if (parsed.errors) {
      setErrors(parsed.errors);
      return;
    }
    add.mutate(parsed.input, {
      onSuccess: (card) => {
        close();
        toast.success(`${cardLabel(card)} added.`);
      },
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        if (failure instanceof PortalApiError) setErrors(cardServerErrors(failure.fields));
        setError(portalErrorMessage(failure));
      },
    });
  };

  const list = cards.data?.cards ?? [];
  return (
    <Section title="Cards on file">
      {cards.error ? (
        <p role="alert" className="text-sm text-destructive">
          {portalErrorMessage(cards.error)}
        </p>
      ) : cards.isPending ? (
        <PortalLoading label="Loading your cards…" />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No card on file.</p>
      ) : (
        <CardList cards={list} />
      )}
      {adding ? (
        <form
          noValidate
          onSubmit={submit}
          aria-label="Add card"
          className="space-y-3 rounded-lg border p-4"
        >
          <p className="text-sm text-muted-foreground">
            Demo payments: only the last four digits, the brand and the expiry are saved.
          </p>
          <CardFields
            idPrefix={idPrefix}
            value={draft}
            errors={errors}
            disabled={add.isPending}
            onChange={setDraft}
          />
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Saving…' : 'Save card'}
            </Button>
            <Button type="button" variant="outline" disabled={add.isPending} onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="outline" onClick={() => setAdding(true)}>
          Add card
        </Button>
      )}
    </Section>
  );
}
