import type { OrganizationMembership } from '@fitbase/domain/contracts/organizations';
import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { CalendarDays, CalendarPlus, FileText, ScanLine, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { useDashboardHome } from '../api/get-dashboard-home';
import { BookClientDialog } from './book-client-dialog';
import { CheckInDialog } from './check-in-dialog';
import { ClassesPanel } from './classes-panel';
import { HomeStatCards } from './home-stat-cards';
import { MemberActivityPanel } from './member-activity-panel';

const LINK_ACTIONS = [
  { label: 'Book Class', to: '/schedule', icon: CalendarPlus },
  { label: 'Add Member', to: '/add-member', icon: UserPlus },
  { label: 'View Reports', to: '/reports', icon: FileText },
];

/**
 * The studio home at / for a signed-in person with a studio
 * (docs/product/dashboards.md#studio-home): every figure and list is the studio's own.
 */
export function HomeDashboard({ organization }: { organization: OrganizationMembership }) {
  const home = useDashboardHome();
  const timeZone = organization.timezone;
  const [bookingSession, setBookingSession] = useState<SessionSummary | null>(null);
  const [checkInOpen, setCheckInOpen] = useState(false);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
          <p className="text-muted-foreground">
            Welcome back! Here&apos;s what&apos;s happening at your gym today.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/schedule">
              <CalendarDays aria-hidden /> View Calendar
            </Link>
          </Button>
          <Button asChild>
            <Link to="/add-member">
              <UserPlus aria-hidden /> Add Member
            </Link>
          </Button>
        </div>
      </div>

      {home.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(home.error, 'Failed to load dashboard')}
        </p>
      ) : null}

      <HomeStatCards home={home.data} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ClassesPanel
            today={home.data?.today ?? []}
            tomorrow={home.data?.tomorrow ?? []}
            timeZone={timeZone}
            isLoading={home.isPending}
            onBook={setBookingSession}
          />
          <MemberActivityPanel home={home.data} isLoading={home.isPending} />
        </div>
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>
              <h2>Quick Actions</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <Button
              variant="outline"
              className="justify-start"
              onClick={() => setCheckInOpen(true)}
            >
              <ScanLine aria-hidden /> Member Check-in
            </Button>
            {LINK_ACTIONS.map(({ label, to, icon: Icon }) => (
              <Button key={label} variant="outline" className="justify-start" asChild>
                <Link to={to}>
                  <Icon aria-hidden /> {label}
                </Link>
              </Button>
            ))}
          </CardContent>
        </Card>
      </div>

      <BookClientDialog
        timeZone={timeZone}
        session={bookingSession}
        onClose={() => setBookingSession(null)}
      />
      <CheckInDialog
        timeZone={timeZone}
        todaySessions={home.data?.today ?? []}
        open={checkInOpen}
        onOpenChange={setCheckInOpen}
      />
    </div>
  );
}
