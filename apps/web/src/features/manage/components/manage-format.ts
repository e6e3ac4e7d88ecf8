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

/** "1 upcoming session", "12 upcoming sessions". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : pluralForm}`;
}
