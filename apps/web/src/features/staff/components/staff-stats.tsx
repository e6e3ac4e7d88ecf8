import type { StaffStats } from '@fitbase/domain/contracts/staff';
import { Clock, GraduationCap, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

interface StatCard {
  title: string;
  caption: string;
  /** Said under the caption when the figure cannot be computed yet. */
  note?: string;
  value: number | undefined;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

/**
 * The three stat cards (docs/product/staff.md). On Duty Today is the schedule's figure (staff
 * teaching a class or appointment today), never the original's invented half of the team.
 */
export function StaffStatsCards({
  stats,
  onDutyToday,
}: {
  stats: StaffStats | undefined;
  onDutyToday: number | undefined;
}) {
  const cards: StatCard[] = [
    { title: 'Total Staff', caption: 'Active team members', value: stats?.totalStaff, icon: Users },
    {
      title: 'On Duty Today',
      // The product's caption stays; the note says what is counted.
      caption: 'Currently working',
      note: 'Teaching a class or appointment today',
      value: onDutyToday,
      icon: Clock,
    },
    {
      title: 'Trainers',
      caption: 'Certified trainers',
      value: stats?.trainers,
      icon: GraduationCap,
    },
  ];
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {cards.map(({ title, caption, note, value, icon: Icon }) => (
        <Card key={title} role="group" aria-label={title}>
          <CardHeader className="flex flex-row items-center justify-between pb-2">
            <CardTitle className="text-sm font-medium">{title}</CardTitle>
            <Icon className="size-4 text-muted-foreground" aria-hidden />
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-bold" data-testid="stat-value">
              {value ?? '–'}
            </p>
            <p className="text-xs text-muted-foreground">{caption}</p>
            {note && <p className="text-xs text-muted-foreground">{note}</p>}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
