import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { formatLocalDay } from '../lib/schedule-dates';
import type { DayColumn } from '../lib/week-layout';
import { SessionBlock } from './session-block';

interface AgendaListProps {
  columns: DayColumn[];
  timeZone: string;
  today: string;
  colorOf: (session: SessionSummary) => string;
  onOpen: (session: SessionSummary) => void;
}

/** Below 768 px: the days one under the other, each with its sessions in time order. */
export function AgendaList({ columns, timeZone, today, colorOf, onOpen }: AgendaListProps) {
  const { locale } = useStudioFormat();
  return (
    <div className="space-y-4">
      {columns.map((column) => (
        <section key={column.date} aria-labelledby={`agenda-${column.date}`} className="space-y-2">
          <h3
            id={`agenda-${column.date}`}
            className="text-sm font-semibold"
            aria-current={column.date === today ? 'date' : undefined}
          >
            {formatLocalDay(column.date, locale, {
              weekday: 'long',
              month: 'short',
              day: 'numeric',
            })}
            {column.date === today ? (
              <span className="ml-2 rounded bg-primary px-1.5 py-0.5 text-xs text-primary-foreground">
                Today
              </span>
            ) : null}
          </h3>
          {column.sessions.length === 0 ? (
            <p className="text-sm text-muted-foreground">No sessions</p>
          ) : (
            <ul className="space-y-2">
              {column.sessions.map(({ session }) => (
                <li key={session.id}>
                  <SessionBlock
                    session={session}
                    timeZone={timeZone}
                    color={colorOf(session)}
                    onOpen={onOpen}
                    detailed
                    className="text-sm"
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
