import { z } from 'zod';

/**
 * A calendar feed (docs/product/integrations.md#calendar-feeds): the secret iCalendar address a
 * calendar app subscribes to. Anyone holding it reads the feed, so `Rotate link` ends it.
 */
export const calendarFeedSchema = z.object({
  /** The address to subscribe to: `https://…/api/public/calendar/{token}.ics`. */
  url: z.url(),
  /** When the address was last replaced, or null while it is the first one. */
  rotatedAt: z.iso.datetime().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
