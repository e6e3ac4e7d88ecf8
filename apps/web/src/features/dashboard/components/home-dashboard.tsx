import type { OrganizationMembership } from '@fitbase/domain/contracts/organizations';
import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { homeCardHref, homeCardsFor } from '@fitbase/domain/home-cards';
import { CalendarDays, CalendarPlus, FileText, LayoutGrid, ScanLine, UserPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { reportError } from '@/lib/report-error';
import { useDashboardHome } from '../api/get-dashboard-home';
import { useHomeCards } from '../api/get-home-cards';
import { useResetHomeCards } from '../api/reset-home-cards';
import { useSaveHomeCards } from '../api/save-home-cards';
import { BookClientDialog } from './book-client-dialog';
import { CheckInDialog } from './check-in-dialog';
import { ClassesPanel } from './classes-panel';
import { HomeStatCards } from './home-stat-cards';
import { MemberActivityPanel } from './member-activity-panel';
import { SetupChecklist } from './setup-checklist';

// Customize (and its drag-and-drop library) loads the first time it is opened, not with the home.
const CustomizeCardsDialog = lazy(() =>
  import('./customize-cards-dialog').then((m) => ({ default: m.CustomizeCardsDialog })),
);

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
  const cards = useHomeCards();
  const save = useSaveHomeCards();
  const reset = useResetHomeCards();
  const timeZone = organization.timezone;
  const role = organization.role;
  const [bookingSession, setBookingSession] = useState<SessionSummary | null>(null);
  const [checkInOpen, setCheckInOpen] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  const [customizeOpened, setCustomizeOpened] = useState(false);

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
          <Button
            variant="outline"
            disabled={!cards.data}
            onClick={() => {
              setCustomizeOpened(true);
              setCustomizing(true);
            }}
          >
            <LayoutGrid aria-hidden /> Customize
          </Button>
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

      {home.isError || cards.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(home.error ?? cards.error, 'Failed to load dashboard')}
        </p>
      ) : null}

      {cards.data?.setup ? <SetupChecklist setup={cards.data.setup} /> : null}

      {cards.data && cards.data.cards.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No cards on your dashboard. Choose some with Customize.
        </p>
      ) : (
        <HomeStatCards
          home={home.data}
          cards={cards.data?.cards}
          figures={cards.data?.figures}
          hrefOf={(id) => homeCardHref(id, role, organization.subscriptionTier)}
        />
      )}

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
      {cards.data && customizeOpened ? (
        <Suspense fallback={null}>
          <CustomizeCardsDialog
            open={customizing}
            onOpenChange={setCustomizing}
            cards={cards.data.cards}
            catalog={homeCardsFor(role)}
            customized={cards.data.customized}
            saving={save.isPending || reset.isPending}
            onSave={(chosen) =>
              save.mutate(
                { cards: chosen },
                {
                  onSuccess: () => {
                    setCustomizing(false);
                    toast.success('Dashboard saved');
                  },
                  onError: (error) => reportError(error, { fallback: 'Failed to save dashboard' }),
                },
              )
            }
            onReset={() =>
              reset.mutate(undefined, {
                onSuccess: () => {
                  setCustomizing(false);
                  toast.success('Dashboard reset to the default cards');
                },
                onError: (error) => reportError(error, { fallback: 'Failed to reset dashboard' }),
              })
            }
          />
        </Suspense>
      ) : null}
      <CheckInDialog
        timeZone={timeZone}
        todaySessions={home.data?.today ?? []}
        open={checkInOpen}
        onOpenChange={setCheckInOpen}
      />
    </div>
  );
}
