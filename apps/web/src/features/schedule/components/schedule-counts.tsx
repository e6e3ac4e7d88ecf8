import type { SessionCounts } from '@fitbase/domain/contracts/schedule';
import { Card, CardContent } from '@/components/ui/card';

const ITEMS: Array<{ key: keyof SessionCounts; label: string; hint: string }> = [
  { key: 'today', label: 'Today', hint: 'sessions today' },
  { key: 'thisWeek', label: 'This Week', hint: 'sessions this week' },
  { key: 'bookings', label: 'Bookings', hint: 'places booked this week' },
];

/** The header counts, computed by the server from the studio's sessions and bookings. */
export function ScheduleCounts({ counts }: { counts: SessionCounts | undefined }) {
  return (
    <div className="grid grid-cols-3 gap-3">
      {ITEMS.map((item) => (
        <Card key={item.key} className="py-3" data-testid={`schedule-count-${item.key}`}>
          <CardContent className="px-3 sm:px-4">
            <p className="text-xs font-medium text-muted-foreground sm:text-sm">{item.label}</p>
            <p className="text-2xl font-bold tabular-nums">
              {counts ? counts[item.key] : <span className="sr-only">Loading</span>}
            </p>
            <p className="hidden text-xs text-muted-foreground sm:block">{item.hint}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
