import { DEFAULT_LOCALE } from '@fitbase/domain/studio-format';

/**
 * "3:05 PM" today, "Mar 2, 3:05 PM" before, in the studio's locale ("15:05", "2. März, 15:05");
 * the browser's time zone: the reader's clock.
 */
export function formatMessageTime(
  iso: string,
  now = new Date(),
  locale: string = DEFAULT_LOCALE,
): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(locale, {
    ...(sameDay ? {} : { month: 'short', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
