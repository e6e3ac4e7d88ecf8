import { formatMills, millsPerMinorUnit, STORED_DECIMALS, toMills } from './amounts.ts';
import { MAX_AMOUNT_MINOR_UNITS } from './money-constants.ts';
/**
 * How a studio writes money and time (issue 33 point 1, docs/decisions/0038-studio-currency-and-locale.md):
 * its currency (ISO 4217), its locale (dates, times, numbers, first day of the week) and its time
 * zone. Server (emails, PDFs, CSV) and web (every screen) format through these functions only,
 * so a studio reads the same "1.234,50 €" everywhere.
 */

export interface StudioFormat {
  /** ISO 4217 code, e.g. "USD", "EUR", "JPY". */
  currency: string;
  /** BCP 47 tag, e.g. "en-US", "de-DE", "ja-JP". */
  locale: string;
  /** IANA zone, e.g. "America/New_York". */
  timeZone: string;
}

/** Existing studios and new ones that choose nothing (migration 0053 backfills these). */
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_LOCALE = 'en-US';

/**
 * Amounts are stored with three decimals (ADR 0003, ADR 0043), so every currency with up to
 * three minor units is offered: JPY's none, EUR's two, BHD's fils. Units of account with four
 * (CLF) are not.
 */
export const MAX_STORED_MINOR_UNITS = STORED_DECIMALS;

/** The currency's minor units from Intl (JPY 0, EUR 2, BHD 3), not from a hand table. */
export function currencyMinorUnits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits as number;
}

/** True for a three-letter code Intl knows as a currency (ISO 4217). */
export function isKnownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (typeof Intl.supportedValuesOf === 'function') {
    return Intl.supportedValuesOf('currency').includes(code);
  }
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

/** True for a locale tag Intl accepts and can format numbers and dates in. */
export function isKnownLocale(tag: string): boolean {
  try {
    const canonical = Intl.getCanonicalLocales(tag)[0];
    return !!canonical && Intl.NumberFormat.supportedLocalesOf([canonical]).length > 0;
  } catch {
    return false;
  }
}

/** The currencies a studio may choose: every ISO 4217 code whose minor units we store exactly. */
export function selectableCurrencies(): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('currency')
      : ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF'];
  return all.filter((c) => currencyMinorUnits(c) <= MAX_STORED_MINOR_UNITS);
}

/** The locales offered in Settings → General (any valid tag is accepted by the API). */
export const SUGGESTED_LOCALES = [
  'en-US',
  'en-GB',
  'en-AU',
  'en-CA',
  'en-IE',
  'en-NZ',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr-FR',
  'fr-CA',
  'es-ES',
  'es-MX',
  'it-IT',
  'nl-NL',
  'pt-PT',
  'pt-BR',
  'sv-SE',
  'da-DK',
  'nb-NO',
  'fi-FI',
  'pl-PL',
  'ja-JP',
  'ko-KR',
  'zh-CN',
] as const;

const numberFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let nf = numberFormats.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, { style: 'currency', currency });
    numberFormats.set(key, nf);
  }
  return nf;
}

/**
 * An exact decimal string ("1234.50", "-10.00", "3000") as the studio writes money:
 * "$1,234.50", "1.234,50 €", "￥3,000". The string is passed to Intl as a decimal string
 * (no float), so the figure shown is the one stored.
 */
export function formatMoney(
  amount: string | number,
  format: Pick<StudioFormat, 'currency' | 'locale'>,
): string {
  const value = typeof amount === 'number' ? amount : amount.trim() === '' ? '0' : amount.trim();
  // Intl accepts decimal strings exactly (ES2023 "Intl.NumberFormat v3"); TS types lag behind.
  return moneyFormat(format.currency, format.locale).format(value as unknown as number);
}

/** A plain number in the studio's locale ("1,234", "1.234", "1 234"). */
export function formatNumber(value: number, format: Pick<StudioFormat, 'locale'>): string {
  return new Intl.NumberFormat(format.locale).format(value);
}

/** The currency's symbol as the studio's locale writes it ("$", "€", "￥"), for input prefixes. */
export function currencySymbol(format: Pick<StudioFormat, 'currency' | 'locale'>): string {
  const part = moneyFormat(format.currency, format.locale)
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? format.currency;
}

/**
 * Why an amount does not fit the currency, or null: "JPY amounts have no decimals",
 * "EUR amounts have at most 2 decimals". Trailing zeros are fine ("3000.00" is 3000 yen).
 */
export function minorUnitsProblem(amount: string, currency: string): string | null {
  const digits = currencyMinorUnits(currency);
  const fraction = amount.trim().split('.')[1]?.replace(/0+$/, '') ?? '';
  if (fraction.length <= digits) return null;
  return digits === 0
    ? `${currency} amounts have no decimals`
    : `${currency} amounts have at most ${digits} decimals`;
}

/** The largest single amount a studio may enter: $100,000.00, ¥10,000,000, 10,000.000 BHD. */
export function maxAmount(currency: string): string {
  return formatMills(MAX_AMOUNT_MINOR_UNITS * millsPerMinorUnit(currencyMinorUnits(currency)));
}

/**
 * Why an amount the contracts accepted does not suit the studio, or null: more decimals than its
 * currency has, or more than its cap ("Amounts cannot be more than $100,000.00").
 */
export function amountProblem(
  amount: string,
  format: Pick<StudioFormat, 'currency' | 'locale'>,
): string | null {
  const decimals = minorUnitsProblem(amount, format.currency);
  if (decimals) return decimals;
  const cap = maxAmount(format.currency);
  if (/^\d+(\.\d{1,3})?$/.test(amount.trim()) && toMills(amount) > toMills(cap))
    return `Amounts cannot be more than ${formatMoney(cap, format)}`;
  return null;
}

/** A calendar date of the studio ("2026-11-23") in its locale: "Nov 23, 2026", "23.11.2026". */
export function formatDay(
  day: string,
  format: Pick<StudioFormat, 'locale'>,
  style: 'medium' | 'short' | 'long' = 'medium',
): string {
  // Calendar dates carry no time: formatted at UTC midnight so no zone moves them a day.
  return new Intl.DateTimeFormat(format.locale, { dateStyle: style, timeZone: 'UTC' }).format(
    new Date(`${day.slice(0, 10)}T00:00:00Z`),
  );
}

/** An instant in the studio's locale and time zone: "Nov 23, 2026, 4:05 PM", "23.11.2026, 16:05". */
export function formatDateTime(
  instant: string | Date,
  format: Pick<StudioFormat, 'locale' | 'timeZone'>,
): string {
  return new Intl.DateTimeFormat(format.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: format.timeZone,
  }).format(typeof instant === 'string' ? new Date(instant) : instant);
}

/**
 * A class's start as a sentence quotes it, in the studio's locale and zone: "Mon, Mar 2, 7:00 AM"
 * (en-US), "Mon 2 Mar, 07:00" (en-GB), "Mo., 2. März, 07:00" (de-DE).
 */
export function formatMoment(
  instant: string | Date,
  format: Pick<StudioFormat, 'locale' | 'timeZone'>,
): string {
  return new Intl.DateTimeFormat(format.locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: format.timeZone,
  }).format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** A time of day of an instant in the studio's zone: "4:05 PM", "16:05". */
export function formatTime(
  instant: string | Date,
  format: Pick<StudioFormat, 'locale' | 'timeZone'>,
): string {
  return new Intl.DateTimeFormat(format.locale, {
    timeStyle: 'short',
    timeZone: format.timeZone,
  }).format(typeof instant === 'string' ? new Date(instant) : instant);
}

/**
 * A stretch of time of one day in the studio's locale and zone, written as the locale writes a
 * range (the shared AM/PM or "Uhr" once): "7:00 – 8:00 AM" (en-US), "07:00–08:00" (en-GB),
 * "07:00–08:00 Uhr" (de-DE). Ends on another local day would make Intl add both dates, so those
 * are two times joined by a dash ("11:00 PM – 1:00 AM").
 */
export function formatTimeRange(
  start: string | Date,
  end: string | Date,
  format: Pick<StudioFormat, 'locale' | 'timeZone'>,
): string {
  const from = typeof start === 'string' ? new Date(start) : start;
  const to = typeof end === 'string' ? new Date(end) : end;
  const day = new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', timeZone: format.timeZone });
  if (day.format(from) !== day.format(to))
    return `${formatTime(from, format)} \u2013 ${formatTime(to, format)}`;
  return new Intl.DateTimeFormat(format.locale, {
    timeStyle: 'short',
    timeZone: format.timeZone,
  }).formatRange(from, to);
}

/*
 * Where Intl.Locale has no week info (Firefox before 2025, older engines), the CLDR regions whose
 * week starts on Sunday or Saturday; everyone else starts on Monday (CLDR's "001" default).
 */
export const SUNDAY_FIRST_REGIONS: readonly string[] =
  'AG AS BD BR BS BT BW BZ CA CN CO DM DO ET GT GU HK HN ID IL IN JM JP KE KH KR LA MH MM MO MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW'.split(
    ' ',
  );
export const SATURDAY_FIRST_REGIONS: readonly string[] =
  'AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY'.split(' ');
const SUNDAY_REGIONS = new Set(SUNDAY_FIRST_REGIONS);
const SATURDAY_REGIONS = new Set(SATURDAY_FIRST_REGIONS);

/**
 * The first day of the locale's week, 0 = Sunday … 6 = Saturday (date-fns `weekStartsOn`):
 * en-US → 0, de-DE → 1, ja-JP → 0.
 */
export function firstDayOfWeek(locale: string): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  try {
    const loc = new Intl.Locale(locale) as Intl.Locale & {
      weekInfo?: { firstDay: number };
      getWeekInfo?: () => { firstDay: number };
    };
    const info = loc.getWeekInfo?.() ?? loc.weekInfo;
    if (info?.firstDay) return (info.firstDay % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
    const region = loc.maximize().region ?? '';
    if (SUNDAY_REGIONS.has(region)) return 0;
    if (SATURDAY_REGIONS.has(region)) return 6;
    return 1;
  } catch {
    return 0;
  }
}
