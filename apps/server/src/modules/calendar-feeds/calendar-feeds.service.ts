import type { CalendarFeed } from '@fitbase/domain/contracts/calendar-feeds';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Config } from '../../env.ts';
import type { MemberScope, PublicScope, StudioScope } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { signToken, verifyToken } from '../../lib/signed-token.ts';
import { feedIcs } from './calendar-feed-ics.ts';
import { ensureFeed, rotateFeed, type FeedOwner } from './calendar-feeds.queries.ts';
import { findFeed, memberFeedEvents, trainerFeedEvents } from './calendar-feeds.sql.ts';

/** Calendar feeds (docs/product/integrations.md#calendar-feeds). */

type Links = Pick<Config, 'appUrl' | 'authSecret'>;

const PURPOSE = 'calendar-feed';
const FEED_PATH = '/api/public/calendar/';
const ICS = '.ics';
/** Recent history and the year ahead: what a calendar app needs, and a bounded answer. */
const PAST_DAYS = 60;
const AHEAD_DAYS = 366;
const MAX_EVENTS = 1000;
const DAY_MS = 86_400_000;

interface FeedVersion {
  id: string;
  version: number;
  rotatedAt: Date | null;
}

function feedOf(links: Links, feed: FeedVersion): CalendarFeed {
  const token = signToken(links.authSecret, PURPOSE, [feed.id, String(feed.version)]);
  return {
    url: `${links.appUrl}${FEED_PATH}${token}${ICS}`,
    rotatedAt: feed.rotatedAt?.toISOString() ?? null,
  };
}

const memberOwner = (scope: MemberScope): FeedOwner => ({ memberId: scope.memberId });
const staffOwner = (scope: StudioScope): FeedOwner => ({ userId: scope.userId });

/** The member's feed of their bookings (Profile › `Calendar feed`), made on first use. */
export async function memberCalendarFeed(scope: MemberScope, links: Links) {
  return feedOf(links, await ensureFeed(scope.db, scope.organizationId, memberOwner(scope)));
}

/** `Rotate link`: a new address; calendars subscribed to the old one stop updating. */
export async function rotateMemberCalendarFeed(scope: MemberScope, links: Links) {
  return feedOf(links, await rotateFeed(scope.db, scope.organizationId, memberOwner(scope)));
}

/** The signed-in staff member's feed of what they teach in this studio. */
export async function staffCalendarFeed(scope: StudioScope, links: Links) {
  return feedOf(links, await ensureFeed(scope.db, scope.organizationId, staffOwner(scope)));
}

export async function rotateStaffCalendarFeed(scope: StudioScope, links: Links) {
  return feedOf(links, await rotateFeed(scope.db, scope.organizationId, staffOwner(scope)));
}

/**
 * The iCalendar text behind a feed's address. An address that was rotated away, forged, or
 * whose trainer has left the studio answers like one that never existed.
 */
export async function calendarFeedIcs(
  scope: PublicScope,
  input: { file: string; now?: Date },
): Promise<string> {
  const missing = () => notFound('Calendar feed');
  if (!input.file.endsWith(ICS)) throw missing();
  const parts = verifyToken(
    scope.deps.config.authSecret,
    PURPOSE,
    input.file.slice(0, -ICS.length),
  );
  if (!parts || parts.length !== 2) throw missing();
  const [feedId, version] = parts as [string, string];
  if (!/^[0-9a-f-]{36}$/.test(feedId)) throw missing();
  const feed = await findFeed(scope.db, feedId);
  if (!feed || String(feed.version) !== version) throw missing();
  if (feed.user_id !== null && !feed.staff_member) throw missing();
  const now = input.now ?? new Date();
  const window = {
    from: new Date(now.getTime() - PAST_DAYS * DAY_MS),
    to: new Date(now.getTime() + AHEAD_DAYS * DAY_MS),
    limit: MAX_EVENTS,
  };
  const { appUrl } = scope.deps.config;
  return runInStudio(scope.db, feed.organization_id, async (tx) => {
    if (feed.member_id !== null) {
      const events = await memberFeedEvents(tx, feed.organization_id, feed.member_id, window);
      return feedIcs(
        {
          name: `${feed.studio_name} – My bookings`,
          timeZone: feed.timezone,
          url: `${appUrl}/m/${feed.slug}/bookings`,
          kind: 'member',
        },
        events,
      );
    }
    const events = await trainerFeedEvents(tx, feed.organization_id, feed.user_id!, window);
    return feedIcs(
      {
        name: `${feed.studio_name} – Teaching`,
        timeZone: feed.timezone,
        url: `${appUrl}/schedule`,
        kind: 'trainer',
      },
      events,
    );
  });
}
