import type { CalendarFeed } from '@fitbase/domain/contracts/calendar-feeds';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Config } from '../../env.ts';
import type { MemberScope, PublicScope, StudioScope } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import { signToken, verifyToken } from '../../lib/signed-token.ts';
import { feedIcs } from './calendar-feed-ics.ts';
import { FIRST_VERSION, readFeed, rotateFeed, type FeedOwner } from './calendar-feeds.queries.ts';
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
  version: number;
  rotatedAt: Date | null;
}

/** What a link names: the studio, whose feed, and the version it was signed with. */
const MEMBER = 'member';
const TRAINER = 'trainer';

function feedOf(
  links: Links,
  organizationId: string,
  owner: FeedOwner,
  feed: FeedVersion,
): CalendarFeed {
  const [kind, ownerId] = 'memberId' in owner ? [MEMBER, owner.memberId] : [TRAINER, owner.userId];
  const token = signToken(links.authSecret, PURPOSE, [
    kind,
    organizationId,
    ownerId,
    String(feed.version),
  ]);
  return {
    url: `${links.appUrl}${FEED_PATH}${token}${ICS}`,
    rotatedAt: feed.rotatedAt?.toISOString() ?? null,
  };
}

const memberOwner = (scope: MemberScope): FeedOwner => ({ memberId: scope.memberId });
const staffOwner = (scope: StudioScope): FeedOwner => ({ userId: scope.userId });

/** The owner's address after reading its version, or after a `Rotate link`. */
async function answer(
  scope: { db: MemberScope['db']; organizationId: string },
  owner: FeedOwner,
  links: Links,
  version: typeof readFeed | typeof rotateFeed,
) {
  const feed = await version(scope.db, scope.organizationId, owner);
  return feedOf(links, scope.organizationId, owner, feed);
}

/**
 * The member's feed of their bookings (Profile › `Calendar feed`). A pure read: until the first
 * `Rotate link` the address is signed with the first version and nothing is stored.
 */
export const memberCalendarFeed = (scope: MemberScope, links: Links) =>
  answer(scope, memberOwner(scope), links, readFeed);

/** `Rotate link`: a new address; calendars subscribed to the old one stop updating. */
export const rotateMemberCalendarFeed = (scope: MemberScope, links: Links) =>
  answer(scope, memberOwner(scope), links, rotateFeed);

/** The signed-in staff member's feed of what they teach in this studio (a GET: read only). */
export const staffCalendarFeed = (scope: StudioScope, links: Links) =>
  answer(scope, staffOwner(scope), links, readFeed);

export const rotateStaffCalendarFeed = (scope: StudioScope, links: Links) =>
  answer(scope, staffOwner(scope), links, rotateFeed);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
  if (!parts || parts.length !== 4) throw missing();
  const [kind, organizationId, ownerId, version] = parts as [string, string, string, string];
  if (!UUID.test(organizationId) || (kind !== MEMBER && kind !== TRAINER)) throw missing();
  if (kind === MEMBER && !UUID.test(ownerId)) throw missing();
  const owner: FeedOwner = kind === MEMBER ? { memberId: ownerId } : { userId: ownerId };
  const feed = await findFeed(scope.db, organizationId, owner);
  if (!feed || !feed.owner_present) throw missing();
  if (String(feed.version ?? FIRST_VERSION) !== version) throw missing();
  const now = input.now ?? new Date();
  const window = {
    from: new Date(now.getTime() - PAST_DAYS * DAY_MS),
    to: new Date(now.getTime() + AHEAD_DAYS * DAY_MS),
    limit: MAX_EVENTS,
  };
  const { appUrl } = scope.deps.config;
  return runInStudio(scope.db, organizationId, async (tx) => {
    if ('memberId' in owner) {
      const events = await memberFeedEvents(tx, organizationId, owner.memberId, window);
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
    const events = await trainerFeedEvents(tx, organizationId, owner.userId, window);
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
