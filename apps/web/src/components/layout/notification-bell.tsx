import type { Notification } from '@fitbase/domain/contracts/notifications';
import { formatDistanceToNow } from 'date-fns';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useCurrentOrganization } from '@/lib/session';
import { cn } from '@/lib/utils';
import { reportProblem } from '@/lib/report-error';
import { useBell, useMarkAllNotificationsRead, useMarkNotificationRead } from './notifications-api';

/**
 * The bell (docs/product/settings-and-help.md#notifications): the person's latest
 * notifications of this studio and their platform ones, live (the realtime `bell` event
 * refetches). The badge counts unread ones and is hidden at zero (DECISIONS.md). The button's
 * name carries the number, so the name contains the visible text (WCAG 2.5.3).
 */
export function NotificationBell() {
  const { organization } = useCurrentOrganization();
  const organizationId = organization?.id ?? null;
  const bell = useBell(organizationId);
  const markRead = useMarkNotificationRead(organizationId);
  const markAll = useMarkAllNotificationsRead(organizationId);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unread = bell.data?.unreadCount ?? 0;
  const items = bell.data?.notifications ?? [];

  const openItem = (item: Notification) => {
    if (!item.read) markRead.mutate(item.id);
    setOpen(false);
    if (item.link) void navigate(item.link);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <Bell aria-hidden />
          {unread > 0 ? (
            <span className="absolute right-1 top-1 flex size-4 items-center justify-center rounded-full bg-destructive text-[10px] font-semibold leading-none text-white">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0" aria-label="Notifications">
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {unread > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={markAll.isPending}
              onClick={() =>
                markAll.mutate(undefined, {
                  onError: () =>
                    reportProblem('Could not mark your notifications read. Try again.'),
                })
              }
            >
              Mark all read
            </Button>
          ) : null}
        </div>
        {bell.isError ? (
          <p className="px-3 py-4 text-sm text-destructive">
            Could not load your notifications. Try again in a moment.
          </p>
        ) : items.length === 0 ? (
          <p className="px-3 py-4 text-sm text-muted-foreground">
            {bell.isPending ? 'Loading...' : 'You have no notifications.'}
          </p>
        ) : (
          <ul className="max-h-96 overflow-y-auto" aria-label="Your notifications">
            {items.map((item) => (
              <li key={item.id} className="border-b last:border-b-0">
                <button
                  type="button"
                  onClick={() => openItem(item)}
                  className="flex w-full gap-2 px-3 py-2 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                >
                  <span
                    className={cn(
                      'mt-1.5 size-2 shrink-0 rounded-full',
                      item.read ? 'bg-transparent' : 'bg-primary',
                    )}
                    aria-hidden
                  />
                  <span className="min-w-0 flex-1">
                    <span className={cn('block text-sm', !item.read && 'font-semibold')}>
                      {item.title}
                      {item.read ? null : <span className="sr-only"> (unread)</span>}
                    </span>
                    {item.body ? (
                      <span className="block truncate text-xs text-muted-foreground">
                        {item.body}
                      </span>
                    ) : null}
                    <time dateTime={item.createdAt} className="block text-xs text-muted-foreground">
                      {formatDistanceToNow(new Date(item.createdAt), { addSuffix: true })}
                    </time>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
