import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { Link } from 'react-router';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { dateBadge, sessionCapacity, sessionTimeRange } from './home-format';

function SessionRow({
  session,
  timeZone,
  onBook,
}: {
  session: SessionSummary;
  timeZone: string;
  onBook: (session: SessionSummary) => void;
}) {
  const { locale } = useStudioFormat();
  const badge = dateBadge(session.startsAt, timeZone, locale);
  const capacity = sessionCapacity(session.bookedCount, session.capacity);
  const cancelled = session.status === 'cancelled';
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
      <div
        className="flex size-12 shrink-0 flex-col items-center justify-center rounded-md bg-muted text-center"
        aria-hidden
      >
        <span className="text-[0.65rem] font-medium uppercase leading-none text-muted-foreground">
          {badge.weekday}
        </span>
        <span className="text-lg font-bold leading-tight">{badge.day}</span>
      </div>
      <div className="min-w-0 flex-1 basis-40">
        <p className="truncate font-medium">{session.name}</p>
        <p className="text-sm text-muted-foreground">
          {sessionTimeRange(session.startsAt, session.endsAt, timeZone, locale)}
          {session.trainer ? ` · ${session.trainer.name}` : ''}
        </p>
        {cancelled ? (
          <p className="text-sm font-medium text-destructive">Cancelled</p>
        ) : (
          <div className="mt-1 flex items-center gap-2">
            <div className="h-1.5 w-24 overflow-hidden rounded-full bg-muted" role="presentation">
              <div
                className={cn('h-full rounded-full', capacity.barClassName)}
                style={{ width: `${capacity.percent}%` }}
              />
            </div>
            <span className="text-sm tabular-nums">
              {session.bookedCount}/{session.capacity}
            </span>
            <span
              className={cn(
                'rounded-md border px-1.5 py-0.5 text-xs font-medium tabular-nums',
                capacity.badgeClassName,
              )}
              data-capacity={capacity.level}
            >
              {capacity.percent}%
            </span>
          </div>
        )}
      </div>
      {cancelled ? null : (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onBook(session)}
          aria-label={`Book Client into ${session.name} at ${sessionTimeRange(session.startsAt, session.endsAt, timeZone, locale)}`}
        >
          Book Client
        </Button>
      )}
    </li>
  );
}

function SessionList({
  sessions,
  emptyText,
  label,
  timeZone,
  isLoading,
  onBook,
}: {
  sessions: SessionSummary[];
  emptyText: string;
  label: string;
  timeZone: string;
  isLoading: boolean;
  onBook: (session: SessionSummary) => void;
}) {
  if (isLoading) return <p className="text-sm text-muted-foreground">Loading classes...</p>;
  if (sessions.length === 0) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-muted-foreground">{emptyText}</p>
        <Button variant="link" className="h-auto p-0" asChild>
          <Link to="/schedule">Open the schedule</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul aria-label={label} className="space-y-2">
      {sessions.map((session) => (
        <SessionRow key={session.id} session={session} timeZone={timeZone} onBook={onBook} />
      ))}
    </ul>
  );
}

/**
 * Classes (docs/product/dashboards.md#studio-home): today's and tomorrow's sessions in the
 * studio's time zone, with places taken, the capacity colour and Book Client.
 */
export function ClassesPanel({
  today,
  tomorrow,
  timeZone,
  isLoading,
  onBook,
}: {
  today: SessionSummary[];
  tomorrow: SessionSummary[];
  timeZone: string;
  isLoading: boolean;
  onBook: (session: SessionSummary) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Classes</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="today">
          <TabsList>
            <TabsTrigger value="today">Today</TabsTrigger>
            <TabsTrigger value="tomorrow">Tomorrow</TabsTrigger>
          </TabsList>
          <TabsContent value="today" className="pt-2">
            <SessionList
              sessions={today}
              emptyText="No classes today"
              label="Today's classes"
              timeZone={timeZone}
              isLoading={isLoading}
              onBook={onBook}
            />
          </TabsContent>
          <TabsContent value="tomorrow" className="pt-2">
            <SessionList
              sessions={tomorrow}
              emptyText="No classes tomorrow"
              label="Tomorrow's classes"
              timeZone={timeZone}
              isLoading={isLoading}
              onBook={onBook}
            />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
