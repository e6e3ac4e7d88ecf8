import { percentChange, type PeriodCount } from '@fitbase/domain/contracts/dashboard';
import { formatMills, toSignedMills } from '@fitbase/domain/amounts';
import { formatMoney, formatNumber, type StudioFormat } from '@fitbase/domain/studio-format';
import { Activity, CalendarDays, DollarSign, type LucideIcon, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { cn } from '@/lib/utils';

/** A month-to-date figure against the same days of the previous month, in words. */
interface Comparison {
  count: PeriodCount;
  /** What is counted, plural: "new members", "check-ins". */
  noun: string;
  /** How a figure reads: a count in the studio's locale; thousandths as its currency for revenue. */
  format: (value: number) => string;
}

interface StatCardProps {
  title: string;
  value: string;
  comparison?: Comparison | null;
  hint: string;
  icon: LucideIcon;
}

function signed(percent: number): string {
  // U+2212 MINUS SIGN: read as "minus" by screen readers, unlike a hyphen.
  if (percent > 0) return `+${percent}%`;
  if (percent < 0) return `\u2212${Math.abs(percent)}%`;
  return '0%';
}

/**
 * The percent label (docs/product/dashboards.md): the real change of the month so far against
 * the same span of the previous month, shown only when there is such a period with something
 * in it; the line under it says what was compared. Colours are the 700 shades: the 600 ones
 * fall under WCAG AA contrast for small text on white.
 */
function ChangeLabel({ comparison }: { comparison: Comparison }) {
  const percent = percentChange(comparison.count);
  if (percent === null) return null;
  return (
    <span
      data-testid="stat-change"
      className={cn(
        'text-xs font-medium',
        percent > 0 && 'text-green-700 dark:text-green-400',
        percent < 0 && 'text-red-700 dark:text-red-400',
        percent === 0 && 'text-muted-foreground',
      )}
    >
      {signed(percent)}
    </span>
  );
}

function comparisonText({ count, noun, format }: Comparison): string | null {
  if (percentChange(count) === null) return null;
  const n = format;
  const what = noun ? ` ${noun}` : '';
  return `${n(count.current)}${what} this month, ${n(count.previous ?? 0)} in the same days last month`;
}

function StatCard({ title, value, comparison, hint, icon: Icon }: StatCardProps) {
  const compared = comparison ? comparisonText(comparison) : null;
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <div className="flex items-baseline gap-2">
          <p className="text-2xl font-bold">{value}</p>
          {comparison ? <ChangeLabel comparison={comparison} /> : null}
        </div>
        <p className="text-xs text-muted-foreground">{hint}</p>
        {compared ? <p className="text-xs text-muted-foreground">{compared}</p> : null}
      </CardContent>
    </Card>
  );
}

export interface DashboardStats {
  memberCount: number | null;
  maxMembers: number | null;
  activeToday: number | null;
  membersAdded: PeriodCount | null;
  checkIns: PeriodCount | null;
  /** Scheduled sessions this week (Monday to Sunday) in the organization's time zone. */
  classesThisWeek: number | null;
  /**
   * Paid minus refunded this calendar month, and over the same days of last month (null when
   * the server has no previous period): exact decimal strings (docs/product/money-and-store.md).
   */
  revenue: { current: string; previous: string | null } | null;
}

/** Thousandths as "$1,234.50" or "1.234,50 €": integers, never a float of the amount. */
function millsToMoney(mills: number, format: StudioFormat): string {
  return formatMoney(formatMills(mills), format);
}

/**
 * Revenue compared in integer thousandths; the change label shows only when the server gives a
 * previous period. Classes This Week comes from the schedule, without a label.
 */
function revenueComparison(
  revenue: DashboardStats['revenue'],
  format: StudioFormat,
): Comparison | null {
  if (!revenue || revenue.previous === null) return null;
  return {
    count: { current: toSignedMills(revenue.current), previous: toSignedMills(revenue.previous) },
    noun: '',
    format: (mills) => millsToMoney(mills, format),
  };
}

export function StatCards({
  stats,
  showClassesThisWeek,
}: {
  stats: DashboardStats;
  showClassesThisWeek: boolean;
}) {
  const { memberCount, maxMembers, activeToday, membersAdded, checkIns, classesThisWeek, revenue } =
    stats;
  const format = useStudioFormat();
  const count = (value: number) => formatNumber(value, format);
  const figure = (value: number | null) => (value === null ? '–' : count(value));
  const members =
    maxMembers === null ? figure(memberCount) : `${figure(memberCount)}/${count(maxMembers)}`;
  return (
    <div
      className={`grid gap-4 sm:grid-cols-2 ${showClassesThisWeek ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}
    >
      <StatCard
        title="Total Members"
        value={members}
        comparison={
          membersAdded ? { count: membersAdded, noun: 'new members', format: count } : null
        }
        hint={maxMembers === null ? 'Unlimited members' : `Plan limit ${count(maxMembers)}`}
        icon={Users}
      />
      <StatCard
        title="Active Today"
        value={figure(activeToday)}
        comparison={checkIns ? { count: checkIns, noun: 'check-ins', format: count } : null}
        hint="Check-ins today"
        icon={Activity}
      />
      <StatCard
        title="Monthly Revenue"
        value={revenue ? formatMoney(revenue.current, format) : '–'}
        comparison={revenueComparison(revenue, format)}
        hint="Paid minus refunds this month"
        icon={DollarSign}
      />
      {showClassesThisWeek ? (
        <StatCard
          title="Classes This Week"
          value={figure(classesThisWeek)}
          hint="Scheduled classes"
          icon={CalendarDays}
        />
      ) : null}
    </div>
  );
}
