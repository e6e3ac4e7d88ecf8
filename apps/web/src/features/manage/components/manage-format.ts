import { DEFAULT_LOCALE } from '@fitbase/domain/studio-format';

/** "Mon, Mar 5, 7:00 AM" / "Mo., 5. März, 07:00" in the studio's time zone and locale. */
export function formatSessionStart(
  iso: string,
  timeZone: string,
  locale: string = DEFAULT_LOCALE,
): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

/** "1 upcoming session", "1,200 clients" (en-US), "1.200 clients" (de-DE): the studio's digits. */
export function plural(
  locale: string,
  count: number,
  singular: string,
  pluralForm = `${singular}s`,
): string {
  return `${count.toLocaleString(locale)} ${count === 1 ? singular : pluralForm}`;
}
