import type { HomeDashboard } from '@fitbase/domain/contracts/dashboard';
import { CalendarCheck, DollarSign, Gauge, type LucideIcon, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDollars } from './home-format';

function StatCard({
  title,
  value,
  detail,
  icon: Icon,
}: {
  title: string;
  value: string;
  /** A line computed from the same figures; none rather than a fixed phrase. */
  detail?: string | null;
  icon: LucideIcon;
}) {
  return (
    <Card className="gap-2" role="group" aria-label={title}>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold" data-testid="stat-value">
          {value}
        </p>
        {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
      </CardContent>
    </Card>
  );
}

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The four cards of the studio home (docs/product/dashboards.md#studio-home). The original's
 * side texts (4-week trend, Excellent, +12% monthly growth, On track) were sample text: each
 * card says only what its figures say.
 */
export function HomeStatCards({ home }: { home: HomeDashboard | undefined }) {
  const dash = '\u2013';
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        title="Class Bookings"
        value={home ? count(home.classBookings.today) : dash}
        detail={home ? `Today · ${count(home.classBookings.thisWeek)} this week` : null}
        icon={CalendarCheck}
      />
      <StatCard
        title="Bookings vs Capacity"
        value={home ? `${home.bookingsVsCapacity.percent}%` : dash}
        detail={
          home
            ? home.bookingsVsCapacity.capacity > 0
              ? `${count(home.bookingsVsCapacity.booked)} of ${count(home.bookingsVsCapacity.capacity)} places booked this week`
              : 'No classes this week'
            : null
        }
        icon={Gauge}
      />
      <StatCard
        title="Active Members"
        value={home ? count(home.activeMembers) : dash}
        icon={Users}
      />
      <StatCard
        title="Monthly Revenue"
        value={home ? formatDollars(home.monthlyRevenue) : dash}
        detail={home ? 'This month' : null}
        icon={DollarSign}
      />
    </div>
  );
}
