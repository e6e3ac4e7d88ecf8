import { formatDateTime, formatDay } from '@fitbase/domain/studio-format';
import { useStudioFormat } from '@/hooks/use-studio-format';

/**
 * A calendar date of the studio (YYYY-MM-DD) in its locale, for table cells and other JSX:
 * "Nov 23, 2026", "23.11.2026", "2026/11/23" (ADR 0038).
 */
export function StudioDay({ day }: { day: string }) {
  const format = useStudioFormat();
  return <>{formatDay(day, format)}</>;
}

/** An instant in the studio's zone and locale: "Nov 23, 2026, 4:05 PM", "23.11.2026, 16:05". */
export function StudioDateTime({ instant }: { instant: string }) {
  const format = useStudioFormat();
  return <>{formatDateTime(instant, format)}</>;
}

/** The calendar day of an instant in the studio's zone and locale: "Nov 23, 2026", "23.11.2026". */
export function StudioDayOf({ instant }: { instant: string }) {
  const { locale, timeZone } = useStudioFormat();
  return (
    <>
      {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(instant))}
    </>
  );
}
