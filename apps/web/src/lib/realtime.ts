import {
  REALTIME_EVENT_CHANGE,
  REALTIME_EVENT_READY,
  realtimeEventSchema,
} from '@fitbase/domain/contracts/events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { analyticsKeys, meKey, organizationKey, reportKeys } from './query-keys';
import { useCurrentOrganization } from './session';

/** Entities whose changes move report and analytics figures. */
const REPORT_SOURCES: ReadonlySet<string> = new Set(['members', 'money', 'store', 'schedule']);

/** When the server refuses the stream (not a dropped connection), retry after this, doubling. */
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/**
 * Live updates for the whole signed-in app; mounted once in AppLayout. Events name an entity
 * and ids only: the hook invalidates that entity's key family (lib/query-keys.ts) and TanStack Query
 * refetches through the normal API. Every (re)open invalidates the whole organization, so
 * changes made while disconnected are caught up.
 */
export function useRealtime(): void {
  const { organization } = useCurrentOrganization();
  const organizationId = organization?.id;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!organizationId || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_MIN_MS;
    let stopped = false;

    const onReady = () => {
      retryMs = RETRY_MIN_MS;
      void queryClient.invalidateQueries({ queryKey: organizationKey(organizationId) });
    };
    const onChange = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = realtimeEventSchema.safeParse(data);
      if (!event.success) return;
      void queryClient.invalidateQueries({
        queryKey: [...organizationKey(organizationId), event.data.entity],
      });
      // A staff change may be the signed-in person's own role: refresh the session so
      // role-dependent UI (the staff dashboard's '{Role} Access' badge, guards) follows.
      // Settings carry the studio's name, branding and plan, which /api/me holds (the layout's
      // colours, the plan dashboards and the add-member limit read them there).
      if (event.data.entity === 'staff' || event.data.entity === 'settings')
        void queryClient.invalidateQueries({ queryKey: meKey });
      // The dashboards count the schedule (classes this week, next class, on duty, the home's
      // classes and bookings): a schedule change refreshes them too.
      if (event.data.entity === 'schedule')
        void queryClient.invalidateQueries({
          queryKey: [...organizationKey(organizationId), 'dashboard'],
        });
      // Reports and analytics are computed from members, money, the store and the schedule
      // (docs/product/reports-and-analytics.md): a change to any of them refreshes both.
      if (REPORT_SOURCES.has(event.data.entity)) {
        void queryClient.invalidateQueries({ queryKey: reportKeys.all(organizationId) });
        void queryClient.invalidateQueries({ queryKey: analyticsKeys.all(organizationId) });
      }
    };
    const onError = () => {
      // EventSource reconnects by itself after a dropped connection; it gives up (CLOSED) only
      // when the server answers with an error (e.g. 502 during a deploy), so retry ourselves.
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      source.close();
      retryTimer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
    function connect() {
      if (stopped) return;
      // EventSource cannot send headers: the tab's organization goes in the query instead of
      // X-Organization-Id (the server checks it against the person's memberships either way).
      const url = `/api/events?organizationId=${encodeURIComponent(organizationId!)}`;
      source = new EventSource(url, { withCredentials: true });
      source.addEventListener(REALTIME_EVENT_READY, onReady);
      source.addEventListener(REALTIME_EVENT_CHANGE, onChange);
      source.addEventListener('error', onError);
    }
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [organizationId, queryClient]);
}
