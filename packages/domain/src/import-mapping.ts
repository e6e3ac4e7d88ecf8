import { normalizeAmount } from './amounts.ts';
import { IMPORT_FIELDS, type ImportField } from './import-fields.ts';
import type { ImportDateFormat, ImportKind } from './settings-constants.ts';

/**
 * Auto-mapping of CSV headers to FitBase fields and the parsing of import values. Pure, shared by
 * the mapping screen (first guess) and the import job (what it actually stores).
 */

/** "First Name", "first_name", "FirstName" and "first-name" all normalise to "firstname". */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Header names other software uses for each field, beyond the field's own key and label (which
 * always match, as do FitBase's own snake_case export headers, e.g. first_name, date_of_birth).
 * Sources: Mindbody client exports ("First Name", "Mobile Phone", "Birth Date", "Creation Date"),
 * Glofox (first_name, phone), PushPress / Wodify / Zen Planner ("Email Address", "Phone Number",
 * "DOB", "Member Since", "Status").
 */
const SYNONYMS: Record<ImportKind, Record<string, readonly string[]>> = {
  members: {
    firstName: ['first', 'fname', 'given name', 'forename', 'first names'],
    lastName: ['last', 'lname', 'surname', 'family name'],
    email: ['email address', 'e-mail', 'e-mail address', 'client email', 'member email', 'mail'],
    phone: [
      'mobile phone',
      'mobile',
      'cell',
      'cell phone',
      'phone number',
      'mobile number',
      'home phone',
      'telephone',
      'contact number',
    ],
    dateOfBirth: ['birth date', 'birthday', 'dob', 'birthdate', 'date of birth'],
    gender: ['sex'],
    addressLine1: ['address', 'address 1', 'street', 'street address', 'address line'],
    addressLine2: ['address 2', 'address line two', 'apartment', 'suite'],
    city: ['town'],
    state: ['province', 'region', 'state province', 'county'],
    postalCode: ['zip', 'zip code', 'postcode', 'post code', 'zipcode'],
    country: ['country code'],
    emergencyContactName: ['emergency contact', 'emergency name', 'emergency contact full name'],
    emergencyContactPhone: ['emergency phone', 'emergency contact number', 'emergency number'],
    emergencyContactRelationship: ['emergency relationship', 'relationship'],
    membershipType: ['membership', 'membership name', 'plan', 'plan name', 'current membership'],
    membershipStatus: ['status', 'member status', 'client status', 'account status'],
    membershipStartDate: [
      'member since',
      'creation date',
      'join date',
      'joined',
      'joined on',
      'date joined',
      'start date',
      'signup date',
      'sign up date',
      'created',
    ],
    membershipEndDate: ['end date', 'expiration date', 'expiry date', 'expires', 'cancel date'],
    referralSource: ['referral', 'referred by', 'how did you hear', 'lead source', 'source'],
    notes: ['note', 'comments', 'comment', 'client notes'],
    marketingConsent: [
      'marketing opt in',
      'email opt in',
      'opt in',
      'accepts marketing',
      'send email',
      'marketing emails',
      'subscribed',
    ],
  },
  memberships: {
    memberEmail: ['email', 'email address', 'client email', 'member'],
    planName: ['plan', 'membership', 'membership name', 'pricing option', 'plan title'],
    startDate: ['start', 'active date', 'activation date', 'begins'],
    endDate: ['end', 'expiration date', 'expiry date', 'expires'],
    status: ['membership status', 'state'],
    price: ['amount', 'price paid', 'cost', 'rate'],
  },
  visits: {
    memberEmail: ['email', 'email address', 'client email', 'member'],
    visitDate: [
      'date',
      'visit',
      'visit date',
      'check in',
      'check in time',
      'checked in at',
      'class date',
      'date time',
      'timestamp',
      'attended at',
    ],
    visitType: ['type', 'visit kind', 'attendance type'],
  },
  leads: {
    firstName: ['first', 'fname', 'given name'],
    lastName: ['last', 'lname', 'surname', 'family name'],
    email: ['email address', 'e-mail', 'contact email'],
    phone: ['mobile phone', 'mobile', 'cell', 'phone number', 'telephone'],
    source: ['lead source', 'source name', 'referral source', 'how did you hear', 'channel'],
    status: ['lead status', 'stage', 'pipeline stage'],
    trialEndsOn: ['trial end', 'trial end date', 'trial ends'],
    notes: ['note', 'comments', 'comment'],
  },
};

/**
 * Guess FitBase field → CSV header. The field's own key or label wins over a synonym, and each CSV
 * column is used at most once, so "Status" cannot fill two fields.
 */
export function autoMapHeaders(
  kind: ImportKind,
  headers: readonly string[],
): Record<string, string> {
  const fields = IMPORT_FIELDS[kind];
  const byNorm = new Map<string, string>();
  for (const h of headers) {
    const n = normaliseHeader(h);
    if (n && !byNorm.has(n)) byNorm.set(n, h);
  }
  const used = new Set<string>();
  const mapping: Record<string, string> = {};
  const tryAssign = (field: ImportField, names: readonly string[]) => {
    if (mapping[field.key]) return;
    for (const name of names) {
      const header = byNorm.get(normaliseHeader(name));
      if (header !== undefined && !used.has(header)) {
        mapping[field.key] = header;
        used.add(header);
        return;
      }
    }
  };
  for (const f of fields) tryAssign(f, [f.key, f.label]);
  for (const f of fields) tryAssign(f, SYNONYMS[kind][f.key] ?? []);
  return mapping;
}

/** Required fields the mapping leaves without a column. */
export function missingRequiredFields(
  kind: ImportKind,
  mapping: Record<string, string | undefined>,
): ImportField[] {
  return IMPORT_FIELDS[kind].filter((f) => f.required && !mapping[f.key]);
}

const pad = (n: number) => String(n).padStart(2, '0');

function isoIfReal(y: number, m: number, d: number): string | null {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  const iso = `${y}-${pad(m)}-${pad(d)}`;
  const dt = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(dt.getTime()) && dt.toISOString().slice(0, 10) === iso ? iso : null;
}

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})/;
const SLASH_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/;

/**
 * A calendar date in the chosen format → YYYY-MM-DD, or null when it is not a real date. An ISO
 * date (2024-03-05) is accepted whatever the format, as it cannot be misread; a time after the
 * date ("3/5/2024 10:00 AM", as Mindbody writes) is ignored.
 */
export function parseImportDate(value: string, format: ImportDateFormat): string | null {
  const v = value.trim();
  const iso = ISO_DATE.exec(v);
  if (iso && (v.length === iso[0].length || /^[T\s]/.test(v.slice(iso[0].length)))) {
    return isoIfReal(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  }
  if (format === 'YYYY-MM-DD') return null;
  const m = SLASH_DATE.exec(v);
  if (!m || (v.length !== m[0].length && !/^\s/.test(v.slice(m[0].length)))) return null;
  const [a, b, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return format === 'MM/DD/YYYY' ? isoIfReal(y, a, b) : isoIfReal(y, b, a);
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([ap]\.?m\.?)?$/i;
const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A date and time → { local: 'YYYY-MM-DDTHH:MM:SS', offset }. Without an offset in the file the
 * time is the studio's local time (the server applies its time zone); a date alone is midnight.
 */
export function parseImportDateTime(
  value: string,
  format: ImportDateFormat,
): { local: string; offset: string | null } | null {
  let v = value.trim();
  const date = parseImportDate(v, format);
  if (!date) return null;
  const offsetMatch = OFFSET.exec(v);
  let offset: string | null = null;
  const afterDate = v.replace(/^\S+?(?=[T\s]|$)/, '');
  v = afterDate.replace(/^[T\s]+/, '');
  if (offsetMatch && v) {
    offset = offsetMatch[1]!.toUpperCase() === 'Z' ? '+00:00' : offsetMatch[1]!;
    if (!offset.includes(':') && offset !== '+00:00')
      offset = `${offset.slice(0, 3)}:${offset.slice(3)}`;
    v = v.slice(0, v.length - offsetMatch[1]!.length).trim();
  }
  if (!v) return { local: `${date}T00:00:00`, offset };
  const t = TIME.exec(v);
  if (!t) return null;
  let h = Number(t[1]);
  const min = Number(t[2]);
  const s = t[3] ? Number(t[3]) : 0;
  const ampm = t[4]?.toLowerCase().replace(/\./g, '');
  if (ampm) {
    if (h < 1 || h > 12) return null;
    if (ampm === 'pm' && h !== 12) h += 12;
    if (ampm === 'am' && h === 12) h = 0;
  }
  if (h > 23 || min > 59 || s > 59) return null;
  return { local: `${date}T${pad(h)}:${pad(min)}:${pad(s)}`, offset };
}

/** "Prefer not to say" → prefer_not_to_say; matched case-insensitively against the values. */
export function parseImportEnum<T extends string>(value: string, values: readonly T[]): T | null {
  const v = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const found = values.find((x) => x === v);
  if (found) return found;
  // Common one-letter gender codes in gym exports.
  if (values.includes('male' as T) && (v === 'm' || v === 'f')) {
    return (v === 'm' ? 'male' : 'female') as T;
  }
  return null;
}

const TRUE = new Set(['true', 'yes', 'y', '1', 'opted in', 'subscribed', 'x']);
const FALSE = new Set(['false', 'no', 'n', '0', 'opted out', 'unsubscribed', '']);

export function parseImportBoolean(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  return null;
}

/**
 * "$1,234.50" → "1234.50", or null: no more decimals than the studio's currency has
 * (`minorUnits`: 2 for USD, 0 for JPY, 3 for BHD; trailing zeros do not count). Exact, no float.
 */
export function parseImportAmount(value: string, minorUnits = 2): string | null {
  const v = value.trim().replace(/^\$/, '').replace(/,/g, '');
  const match = /^(\d{1,8})(?:\.(\d+))?$/.exec(v);
  if (!match) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > minorUnits) return null;
  return normalizeAmount(fraction ? `${match[1]}.${fraction}` : match[1]!);
}
