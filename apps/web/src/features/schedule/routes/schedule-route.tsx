import type { OrganizationRole } from '@fitbase/domain/constants';
import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { can } from '@fitbase/domain/permissions';
import { firstDayOfWeek } from '@fitbase/domain/studio-format';
import { CalendarPlus, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useIsMobile } from '@/hooks/use-mobile';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { useCurrentOrganization, useMe } from '@/lib/session';
import { useReportLoadFailure } from '@/lib/report-error';
import { useClasses } from '../api/list-classes';
import { useFacilities } from '../api/list-facilities';
import { useSessions } from '../api/list-sessions';
import { useTrainers } from '../api/list-trainers';
import { AgendaList } from '../components/agenda-list';
import { AvailabilityTab } from '../components/availability-tab';
import { BookAppointmentDialog } from '../components/book-appointment-dialog';
import { CalendarGrid } from '../components/calendar-grid';
import { ClassFormDialog } from '../components/class-form-dialog';
import { FacilitiesTab } from '../components/facilities-tab';
import { ScheduleCounts } from '../components/schedule-counts';
import { SessionDetailsSheet } from '../components/session-details-sheet';
import { ScheduleToolbar, type CalendarFilters } from '../components/schedule-toolbar';
import {
  isLocalDate,
  rangeTitle,
  scheduleRange,
  stepDate,
  todayIn,
  type ScheduleView,
} from '../lib/schedule-dates';
import { layoutWeek } from '../lib/week-layout';

/**
 * /schedule (docs/product/schedule.md): the week or day of sessions in the organization's time
 * zone, its rooms and its booking rules. Kept live by lib/realtime.ts (entity 'schedule').
 */
export function ScheduleRoute() {
  const { organization, role } = useCurrentOrganization();
  const me = useMe();
  // The layout's guard sends people without an organization to /setup.
  if (!organization) return null;
  const userId = me.data?.user.id ?? null;
  return (
    <SchedulePage
      timeZone={organization.timezone}
      role={role}
      userId={userId}
      canManage={can(role, 'schedule.manage')}
      canBook={can(role, 'schedule.book')}
      canEdit={(session) =>
        can(role, 'schedule.sessions.edit') &&
        (role !== 'trainer' || (userId !== null && session.trainer?.userId === userId))
      }
    />
  );
}

const TABS = ['calendar', 'facilities', 'availability', 'settings'] as const;
type ScheduleTab = (typeof TABS)[number];

function SchedulePage({
  timeZone,
  role,
  userId,
  canManage,
  canBook,
  canEdit,
}: {
  timeZone: string;
  role: OrganizationRole | null;
  userId: string | null;
  canManage: boolean;
  canBook: boolean;
  canEdit: (session: SessionSummary) => boolean;
}) {
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone);
  const tab: ScheduleTab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as ScheduleTab)
    : 'calendar';
  const view: ScheduleView = params.get('view') === 'day' ? 'day' : 'week';
  const dateParam = params.get('date');
  const date = isLocalDate(dateParam) ? dateParam : today;
  const filters: CalendarFilters = {
    trainerId: params.get('trainer'),
    facilityId: params.get('facility'),
    classId: params.get('class'),
  };

  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  // The week starts on the studio's first day of the week (ADR 0038): Sunday in en-US.
  const { locale } = useStudioFormat();
  const weekStartsOn = firstDayOfWeek(locale);
  const range = useMemo(
    () => scheduleRange(view, date, timeZone, weekStartsOn),
    [view, date, timeZone, weekStartsOn],
  );
  const sessions = useSessions({ from: range.from, to: range.to, ...filters });
  const classes = useClasses();
  const trainers = useTrainers();
  const facilities = useFacilities();
  const isMobile = useIsMobile();
  const [adding, setAdding] = useState(false);
  const [booking, setBooking] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  useReportLoadFailure(sessions.isError, 'Failed to load the schedule');

  const list = useMemo(() => sessions.data?.sessions ?? [], [sessions.data]);
  const columns = useMemo(
    () => layoutWeek(list, range.days, timeZone),
    [list, range.days, timeZone],
  );
  const open = list.find((s) => s.id === openId);
  const trainerColors = new Map((trainers.data ?? []).map((t) => [t.userId, t.color]));
  const colorOf = (session: SessionSummary) =>
    session.kind === 'appointment' && session.trainer
      ? (trainerColors.get(session.trainer.userId) ?? session.color)
      : session.color;
  const filtered = Boolean(filters.trainerId || filters.facilityId || filters.classId);
  const noClassesAtAll =
    classes.data !== undefined && classes.data.length === 0 && list.length === 0 && !filtered;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Schedule</h1>
        <div className="flex flex-wrap gap-2">
          {canBook ? (
            <Button variant="outline" onClick={() => setBooking(true)}>
              <CalendarPlus aria-hidden />
              Book Appointment
            </Button>
          ) : null}
          {canManage ? (
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden />
              Add Class
            </Button>
          ) : null}
        </div>
      </div>

      <ScheduleCounts counts={sessions.data?.counts} />

      <Tabs
        value={tab}
        onValueChange={(value) => setParam({ tab: value === 'calendar' ? null : value })}
      >
        {/* Four tabs: at 360 px they scroll sideways rather than overflow the page. */}
        <TabsList className="max-w-full justify-start overflow-x-auto">
          <TabsTrigger value="calendar">Calendar</TabsTrigger>
          <TabsTrigger value="facilities">Facilities</TabsTrigger>
          <TabsTrigger value="availability">Availability</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>

        <TabsContent value="calendar" className="space-y-4 pt-2">
          {noClassesAtAll ? (
            <Card>
              <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
                <h2 className="text-lg font-semibold">No classes yet</h2>
                <p className="max-w-md text-muted-foreground">
                  {canManage
                    ? 'Add a class and its sessions appear here, week by week.'
                    : 'Classes appear here once an owner or admin adds them.'}
                </p>
                {canManage ? <Button onClick={() => setAdding(true)}>Add Class</Button> : null}
              </CardContent>
            </Card>
          ) : (
            <>
              <ScheduleToolbar
                view={view}
                date={date}
                title={rangeTitle(view, range.days, locale)}
                onViewChange={(next) => setParam({ view: next === 'week' ? null : next })}
                onDateChange={(next) => setParam({ date: next === today ? null : next })}
                onStep={(direction) => setParam({ date: stepDate(view, date, direction) })}
                onToday={() => setParam({ date: null })}
                filters={filters}
                onFiltersChange={(next) =>
                  setParam({
                    trainer: next.trainerId,
                    facility: next.facilityId,
                    class: next.classId,
                  })
                }
                trainers={trainers.data ?? []}
                facilities={facilities.data ?? []}
                classes={classes.data ?? []}
              />
              {sessions.isPending ? (
                <p className="text-muted-foreground" role="status">
                  Loading schedule...
                </p>
              ) : sessions.isError && !sessions.data ? (
                <p className="text-muted-foreground">Failed to load the schedule</p>
              ) : (
                <>
                  {list.length === 0 ? (
                    <p className="text-sm text-muted-foreground" role="status">
                      {filtered
                        ? `No sessions match these filters this ${view}.`
                        : `No sessions this ${view}.`}
                    </p>
                  ) : null}
                  {isMobile ? (
                    <AgendaList
                      columns={columns}
                      timeZone={timeZone}
                      today={today}
                      colorOf={colorOf}
                      onOpen={(s) => setOpenId(s.id)}
                    />
                  ) : (
                    <CalendarGrid
                      view={view}
                      columns={columns}
                      timeZone={timeZone}
                      today={today}
                      colorOf={colorOf}
                      onOpen={(s) => setOpenId(s.id)}
                    />
                  )}
                </>
              )}
            </>
          )}
        </TabsContent>

        <TabsContent value="facilities" className="pt-2">
          <FacilitiesTab canManage={canManage} />
        </TabsContent>

        <TabsContent value="availability" className="pt-2">
          <AvailabilityTab role={role} userId={userId} />
        </TabsContent>

        <TabsContent value="settings" className="pt-2">
          {/* The studio's rules each have one place: Settings → General. */}
          <Card>
            <CardContent className="pt-6 text-sm">
              <Link to="/settings?tab=general#booking-rules" className="font-medium underline">
                Booking rules are in Settings
              </Link>{' '}
              (late cancels, waitlist cut-off, when booking closes, no-shows and penalties).
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>

      <SessionDetailsSheet
        timeZone={timeZone}
        session={open}
        classes={classes.data ?? []}
        onClose={() => setOpenId(null)}
        canEdit={canEdit}
      />
      {canBook ? (
        <BookAppointmentDialog timeZone={timeZone} open={booking} onOpenChange={setBooking} />
      ) : null}
      {canManage ? (
        <ClassFormDialog
          open={adding}
          onOpenChange={setAdding}
          startsOn={date < today ? today : date}
        />
      ) : null}
    </div>
  );
}
