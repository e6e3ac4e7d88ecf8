import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { cn } from '@/lib/utils';
import { formatHour, formatLocalDate, type ScheduleView } from '../lib/schedule-dates';
import { visibleHours, type DayColumn } from '../lib/week-layout';
import { SessionBlock } from './session-block';

interface CalendarGridProps {
  view: ScheduleView;
  columns: DayColumn[];
  timeZone: string;
  today: string;
  colorOf: (session: SessionSummary) => string;
  onOpen: (session: SessionSummary) => void;
}

/**
 * The week (or day) on an hour scale, from 768 px up. Sessions sit at their local time;
 * overlapping ones (an appointment beside a class) share the width. In the page's order the
 * keyboard meets the days from the first day of the studio’s week and each day's sessions by start time.
 */
export function CalendarGrid({
  view,
  columns,
  timeZone,
  today,
  colorOf,
  onOpen,
}: CalendarGridProps) {
  const { locale } = useStudioFormat();
  const hourPx = view === 'day' ? 64 : 52;
  const { first, last } = visibleHours(columns);
  const hours = Array.from({ length: last - first }, (_, i) => first + i);
  const height = (last - first) * hourPx;
  const template = { gridTemplateColumns: `3.5rem repeat(${columns.length}, minmax(0, 1fr))` };
  return (
    <div className="overflow-hidden rounded-lg border bg-card">
      <div className="grid border-b" style={template}>
        <div aria-hidden />
        {columns.map(({ date }) => (
          <div
            key={date}
            className={cn(
              'border-l px-2 py-2 text-center text-sm',
              date === today && 'bg-accent font-semibold',
            )}
            aria-current={date === today ? 'date' : undefined}
          >
            <span className="block text-xs text-muted-foreground">
              {formatLocalDate(date, view === 'day' ? 'EEEE' : 'EEE')}
            </span>
            {formatLocalDate(date, 'MMM d')}
          </div>
        ))}
      </div>
      <div className="grid" style={template}>
        <div className="relative" style={{ height }} aria-hidden>
          {hours.map((hour) => (
            <span
              key={hour}
              className="absolute right-2 -translate-y-1/2 text-xs text-muted-foreground tabular-nums first:translate-y-0"
              style={{ top: (hour - first) * hourPx }}
            >
              {formatHour(hour, locale)}
            </span>
          ))}
        </div>
        {columns.map((column) => (
          <div
            key={column.date}
            className="relative border-l"
            style={{
              height,
              backgroundImage: `repeating-linear-gradient(to bottom, var(--border) 0, var(--border) 1px, transparent 1px, transparent ${hourPx}px)`,
            }}
          >
            {column.sessions.map((placed) => {
              const top = ((placed.startMinute - first * 60) / 60) * hourPx;
              const blockHeight = ((placed.endMinute - placed.startMinute) / 60) * hourPx;
              return (
                <SessionBlock
                  key={placed.session.id}
                  session={placed.session}
                  timeZone={timeZone}
                  color={colorOf(placed.session)}
                  onOpen={onOpen}
                  detailed={view === 'day'}
                  className="absolute focus-visible:z-10"
                  style={{
                    top,
                    height: Math.max(blockHeight - 2, 22),
                    left: `calc(${(placed.lane / placed.lanes) * 100}% + 2px)`,
                    width: `calc(${100 / placed.lanes}% - 4px)`,
                  }}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
