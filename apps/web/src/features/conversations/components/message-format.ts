const sameDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const otherDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "3:05 PM" today, "Mar 2, 3:05 PM" before (the browser's time zone: the reader's clock). */
export function formatMessageTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return date.toDateString() === now.toDateString() ? sameDay.format(date) : otherDay.format(date);
}
