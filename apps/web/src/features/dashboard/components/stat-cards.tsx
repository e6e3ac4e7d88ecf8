import { Activity, CalendarDays, DollarSign, type LucideIcon, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

interface StatCardProps {
  title: string;
  value: string;
  /** The spec's fixed percent-change text, shown only when the figure is non-zero. */
  change: string;
  nonZero: boolean;
  hint: string;
  icon: LucideIcon;
}

function StatCard({ title, value, change, nonZero, hint, icon: Icon }: StatCardProps) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <div className="flex items-baseline gap-2">
          <p className="text-2xl font-bold">{value}</p>
          {nonZero ? <span className="text-xs font-medium text-green-600">{change}</span> : null}
        </div>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

export interface DashboardStats {
  memberCount: number | null;
  maxMembers: number | null;
  activeToday: number | null;
}

/** Monthly Revenue and Classes This Week are fixed at 0 (doc 2 §9): nothing records them yet. */
const MONTHLY_REVENUE = 0;
const CLASSES_THIS_WEEK = 0;

function figure(value: number | null): string {
  return value === null ? '–' : value.toLocaleString('en-US');
}

export function StatCards({
  stats,
  showClassesThisWeek,
}: {
  stats: DashboardStats;
  showClassesThisWeek: boolean;
}) {
  const { memberCount, maxMembers, activeToday } = stats;
  const members =
    maxMembers === null
      ? figure(memberCount)
      : `${figure(memberCount)}/${maxMembers.toLocaleString('en-US')}`;
  return (
    <div
      className={`grid gap-4 sm:grid-cols-2 ${showClassesThisWeek ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}
    >
      <StatCard
        title="Total Members"
        value={members}
        change="+12%"
        nonZero={Boolean(memberCount)}
        hint={
          maxMembers === null
            ? 'Unlimited members'
            : `Plan limit ${maxMembers.toLocaleString('en-US')}`
        }
        icon={Users}
      />
      <StatCard
        title="Active Today"
        value={figure(activeToday)}
        change="+5%"
        nonZero={Boolean(activeToday)}
        hint="Check-ins today"
        icon={Activity}
      />
      <StatCard
        title="Monthly Revenue"
        value={`$${MONTHLY_REVENUE.toLocaleString('en-US')}`}
        change="+8%"
        nonZero={MONTHLY_REVENUE !== 0}
        hint="This month"
        icon={DollarSign}
      />
      {showClassesThisWeek ? (
        <StatCard
          title="Classes This Week"
          value={figure(CLASSES_THIS_WEEK)}
          change="+15%"
          nonZero={CLASSES_THIS_WEEK !== 0}
          hint="Scheduled classes"
          icon={CalendarDays}
        />
      ) : null}
    </div>
  );
}
