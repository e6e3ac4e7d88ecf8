import { z } from '@hono/zod-openapi';
import { calendarFeedSchema } from '@fitbase/domain/contracts/calendar-feeds';
import { memberRoute, publicRoute, studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses, jsonContent, portalSlugParams } from '../../http/openapi.ts';
import {
  calendarFeedIcs,
  memberCalendarFeed,
  rotateMemberCalendarFeed,
  rotateStaffCalendarFeed,
  staffCalendarFeed,
} from './calendar-feeds.service.ts';

/** Calendar feeds (docs/product/integrations.md#calendar-feeds). */

const tags = ['Calendar feeds'];
const feedResponse = { 200: jsonContent(calendarFeedSchema), ...errorResponses };

const memberFeedRoute = memberRoute({
  method: 'get',
  path: '/api/m/{slug}/calendar-feed',
  tags,
  summary: "`Calendar feed`: the secret address of the member's bookings for calendar apps",
  request: { params: portalSlugParams },
  responses: feedResponse,
});

const rotateMemberFeedRoute = memberRoute({
  method: 'post',
  path: '/api/m/{slug}/calendar-feed/rotate',
  tags,
  summary: '`Rotate link`: a new address for the member feed; the old one stops working',
  request: { params: portalSlugParams },
  responses: feedResponse,
});

const staffFeedRoute = studioRoute({
  method: 'get',
  path: '/api/calendar-feed',
  permission: 'schedule.view',
  apiKeys: false,
  tags,
  summary: '`Calendar feed`: the secret address of what the signed-in person teaches here',
  responses: feedResponse,
});

const rotateStaffFeedRoute = studioRoute({
  method: 'post',
  path: '/api/calendar-feed/rotate',
  permission: 'schedule.view',
  apiKeys: false,
  tags,
  summary: '`Rotate link`: a new address for the teaching feed; the old one stops working',
  responses: feedResponse,
});

const icsRoute = publicRoute({
  method: 'get',
  path: '/api/public/calendar/{file}',
  tags,
  summary: 'A calendar feed as iCalendar (RFC 5545), for calendar apps that subscribe to it',
  request: {
    params: z.object({
      file: z
        .string()
        .min(1)
        .max(400)
        .openapi({ param: { name: 'file', in: 'path' }, description: 'The secret `{token}.ics`' }),
    }),
  },
  responses: {
    200: {
      description: 'The feed',
      content: { 'text/calendar': { schema: z.string() } },
    },
    ...errorResponses,
  },
});

export function calendarFeedRoutes() {
  const app = createRouter();
  const links = (c: { get: (key: 'deps') => { config: { appUrl: string; authSecret: string } } }) =>
    c.get('deps').config;
  app.openapi(memberFeedRoute, async (c) =>
    c.json(await memberCalendarFeed(c.get('member'), links(c)), 200),
  );
  app.openapi(rotateMemberFeedRoute, async (c) =>
    c.json(await rotateMemberCalendarFeed(c.get('member'), links(c)), 200),
  );
  app.openapi(staffFeedRoute, async (c) =>
    c.json(await staffCalendarFeed(c.get('studio'), links(c)), 200),
  );
  app.openapi(rotateStaffFeedRoute, async (c) =>
    c.json(await rotateStaffCalendarFeed(c.get('studio'), links(c)), 200),
  );
  app.openapi(icsRoute, async (c) => {
    const ics = await calendarFeedIcs(c.get('public'), { file: c.req.valid('param').file });
    return c.body(ics, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      // Calendar apps poll; the feed's own REFRESH-INTERVAL asks for an hour.
      'cache-control': 'private, max-age=300',
    });
  });
  return app;
}
