import type { AnalyticsCards as Cards } from '@fitbase/domain/contracts/analytics';
import { Activity, CalendarDays, DollarSign, type LucideIcon, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMoney, useStudioFormat } from '@/hooks/use-studio-format';

/** What the cards show when their figures cannot be loaded (spec §7: zeros, never invented). */
export const ZERO_CARDS: Cards = {
  totalMembers: 0,
  monthlyRevenue: '0.00',
  activeToday: 0,
  classesThisWeek: 0,
};

function FigureCard({
  title,
  value,
  hint,
  icon: Icon,
  loading,
}: {
  title: string;
  value: string;
  hint: string;
  icon: LucideIcon;
  loading: boolean;
}) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-8 w-20" aria-label={`Loading ${title}`} />
        ) : (
          <p className="text-2xl font-bold">{value}</p>
        )}
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

/**
 * The four cards of /analytics (the dashboards' definitions). While loading: skeletons; when
 * the request failed: zeros (spec §7) — the page says above them that they could not load.
 */
export function AnalyticsCards({ cards, loading }: { cards: Cards | undefined; loading: boolean }) {
  const money = useMoney();
  const { locale } = useStudioFormat();
  const shown = cards ?? ZERO_CARDS;
  const busy = loading && !cards;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <FigureCard
        title="Total Members"
        value={shown.totalMembers.toLocaleString(locale)}
        hint="Members of the studio"
        icon={Users}
        loading={busy}
      />
      <FigureCard
        title="Monthly Revenue"
        value={money(shown.monthlyRevenue)}
        hint="Paid minus refunded this month"
        icon={DollarSign}
        loading={busy}
      />
      <FigureCard
        title="Active Today"
        value={shown.activeToday.toLocaleString(locale)}
        hint="Members who visited today"
        icon={Activity}
        loading={busy}
      />
      <FigureCard
        title="Classes This Week"
        value={shown.classesThisWeek.toLocaleString(locale)}
        hint="Scheduled sessions, Monday to Sunday"
        icon={CalendarDays}
        loading={busy}
      />
    </div>
  );
}
