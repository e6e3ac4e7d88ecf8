import { z } from '@hono/zod-openapi';
import {
  REALTIME_EVENT_CHANGE,
  REALTIME_EVENT_READY,
  type RealtimeEvent,
} from '@fitbase/domain/contracts/events';
import { streamSSE, type SSEMessage } from 'hono/streaming';
import { eventStreamsOpen } from '../../lib/metrics.ts';
import { studioRoute } from '../../context/declare-route.ts';
import { createRouter, errorResponses } from '../../http/openapi.ts';
import type { Deps } from '../../http/types.ts';
import { createRealtimeHub, type RealtimeHub } from './realtime.hub.ts';
import { streamStillAllowed } from './realtime.service.ts';

const eventsRoute = studioRoute({
  method: 'get',
  path: '/api/events',
  permission: 'studio.access',
  // The stream lives for hours: it must not hold a transaction (or PGlite's one connection).
  transaction: false,
  tags: ['Realtime'],
  summary: 'Live changes of the current organization (server-sent events)',
  description:
    'Starts with a `ready` event; then one `change` event per committed change, data `{ entity, action, ids }` (ids only: refetch through the API). Comment lines keep the connection alive. On reconnect, refetch everything: events missed while disconnected are not replayed.',
  responses: {
    200: {
      description: 'An event stream',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    ...errorResponses,
  },
});

export interface RealtimeOptions {
  /** Keep-alive comment period; proxies commonly close connections idle for 30-60 s. */
  keepAliveMs?: number;
  /** A hub of the caller's (tests); by default each app makes its own. */
  hub?: RealtimeHub;
}

/** Browsers wait this long before reconnecting a dropped stream. */
const RECONNECT_MS = 2_000;

export function realtimeRoutes(deps: Deps, options: RealtimeOptions = {}) {
  // One hub per app (one LISTEN per process), shared by every connected browser.
  const hub = options.hub ?? createRealtimeHub(deps.database, deps.logger);
  const keepAliveMs = options.keepAliveMs ?? 25_000;
  const app = createRouter();

  app.openapi(eventsRoute, async (c) => {
    // A `transaction: false` route: the studio's db is the app's handle, for the keep-alives.
    const owner = {
      ...c.get('studio'),
      sessionId: c.get('sessionId'),
      pinned: c.get('requestedOrganizationId') !== null,
    };
    const log = c.get('log');
    // Listening before the response starts: a database failure is a plain 500, and `ready`
    // then truly means "every change committed from now on will reach you".
    await hub.start();
    // Reverse proxies (nginx) must pass each event through at once, unbuffered and untransformed.
    c.header('X-Accel-Buffering', 'no');
    const response = streamSSE(c, async (stream) => {
      let nextId = 0;
      let chain: Promise<unknown> = Promise.resolve();
      // Serialised writes keep ids in the order they were assigned.
      const send = (message: Omit<SSEMessage, 'id'>) => {
        const id = String(++nextId);
        chain = chain.then(() => stream.writeSSE({ ...message, id }));
        return chain;
      };
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      stream.onAbort(() => finish());
      c.req.raw.signal.addEventListener('abort', () => finish(), { once: true });

      const unsubscribe = hub.subscribe(owner.organizationId, (event: RealtimeEvent) => {
        void send({ event: REALTIME_EVENT_CHANGE, data: JSON.stringify(event) });
      });
      void send({
        event: REALTIME_EVENT_READY,
        data: JSON.stringify({ organizationId: owner.organizationId }),
        retry: RECONNECT_MS,
      });

      const keepAlive = setInterval(() => {
        void (async () => {
          try {
            if (!(await streamStillAllowed(owner))) return finish();
            chain = chain.then(() => stream.write(': keep-alive\n\n'));
          } catch (error) {
            log.warn({ err: error }, 'Realtime keep-alive check failed');
          }
        })();
      }, keepAliveMs);

      eventStreamsOpen.inc();
      try {
        await finished;
      } finally {
        eventStreamsOpen.dec();
        clearInterval(keepAlive);
        unsubscribe();
      }
    });
    // Belt and braces: no cache or proxy may store or re-encode the stream.
    response.headers.set('Cache-Control', 'no-cache, no-transform');
    return response;
  });
  return app;
}
