import type { NotificationPreferences } from '@fitbase/domain/contracts/notifications';
import {
  NOTIFICATION_EVENT_LABELS,
  type NotificationEvent,
} from '@fitbase/domain/settings-constants';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { failureMessage } from '@/lib/form-errors';
import { useCurrentOrganization } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notification-preferences';

type Channel = 'emailEvents' | 'bellEvents';

/** What each row means, where the label alone does not say who gets it. */
const EVENT_HINTS: Partial<Record<NotificationEvent, string>> = {
  trial_request: 'A studio asked for a FitBase trial (platform owners and admins).',
  booking_cancelled: 'Owners, admins and the session’s trainer.',
  waitlist_promoted: 'Owners, admins and the session’s trainer.',
  message_received: 'Replies in threads assigned to you, or any thread when unassigned.',
  daily_summary: 'Yesterday’s new members, visits, bookings, revenue and leads, after 07:00.',
};

/**
 * Settings → Notifications (each person, per studio): which events reach them by email and in
 * the bell. Each switch saves at once; the daily summary is an email only.
 */
export function NotificationsTab() {
  const { organization } = useCurrentOrganization();
  if (!organization) return null;
  return <NotificationsCard key={organization.id} />;
}

function NotificationsCard() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();

  const toggle = (current: NotificationPreferences, channel: Channel, event: NotificationEvent) => {
    const chosen = current[channel].includes(event)
      ? current[channel].filter((e) => e !== event)
      : [...current[channel], event];
    save.mutate(
      { emailEvents: current.emailEvents, bellEvents: current.bellEvents, [channel]: chosen },
      {
        onSuccess: () => toast.success('Notification settings saved'),
        onError: (error) => {
          const failed = 'Could not save your notification settings';
          reportError(error, { title: failed, fallback: failed });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          Choose which events reach you by email and in the bell for this studio. Your choices are
          yours only; each switch saves at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isError ? (
          <p className="text-sm text-destructive">
            {failureMessage(prefs.error, 'Could not load your notification settings.')}
          </p>
        ) : !prefs.data ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Event</TableHead>
                <TableHead className="w-24 text-center">Email</TableHead>
                <TableHead className="w-24 text-center">Bell</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {prefs.data.availableEvents.map((event) => {
                const label = NOTIFICATION_EVENT_LABELS[event];
                return (
                  <TableRow key={event}>
                    <TableCell>
                      <div className="font-medium">{label}</div>
                      {EVENT_HINTS[event] ? (
                        <div className="text-xs text-muted-foreground">{EVENT_HINTS[event]}</div>
                      ) : null}
                    </TableCell>
                    <TableCell className="text-center">
                      <Switch
                        aria-label={`${label} by email`}
                        checked={prefs.data.emailEvents.includes(event)}
                        disabled={save.isPending}
                        onCheckedChange={() => toggle(prefs.data, 'emailEvents', event)}
                      />
                    </TableCell>
                    <TableCell className="text-center">
                      {event === 'daily_summary' ? (
                        <span className="text-xs text-muted-foreground">Email only</span>
                      ) : (
                        <Switch
                          aria-label={`${label} in the bell`}
                          checked={prefs.data.bellEvents.includes(event)}
                          disabled={save.isPending}
                          onCheckedChange={() => toggle(prefs.data, 'bellEvents', event)}
                        />
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
