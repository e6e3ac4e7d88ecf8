import type { ScheduleClass, SessionSummary } from '@fitbase/domain/contracts/schedule';
import type { EditScope } from '@fitbase/domain/schedule-constants';
import { weeklyRuleDays } from '@fitbase/domain/weekly-rule';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { useSession } from '../api/get-session';
import { capacityStyle } from '../lib/capacity';
import {
  formatLocalDate,
  formatLocalDay,
  formatTimeRange,
  localDateOf,
} from '../lib/schedule-dates';
import { CancelSessionDialog } from './cancel-session-dialog';
import { EditScopeDialog } from './edit-scope-dialog';
import { EnrolCourseDialog } from './enrol-course-dialog';
import { SessionEditDialog } from './session-edit-dialog';
import { SessionRoster } from './session-roster';

interface SessionDetailsSheetProps {
  timeZone: string;
  /** The session clicked in the calendar; undefined closes the panel. */
  session: SessionSummary | undefined;
  classes: ScheduleClass[];
  onClose: () => void;
  /** Whether the signed-in person may edit and cancel this session. */
  canEdit: (session: SessionSummary) => boolean;
}

/** A session's details, its Edit and Cancel actions, and its roster. */
export function SessionDetailsSheet(props: SessionDetailsSheetProps) {
  return (
    <Sheet open={Boolean(props.session)} onOpenChange={(open) => !open && props.onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-lg">
        {props.session ? <SessionDetails {...props} session={props.session} /> : null}
      </SheetContent>
    </Sheet>
  );
}

const KIND_LABELS: Record<SessionSummary['kind'], string> = {
  class: 'Class',
  course: 'Course',
  appointment: 'Appointment',
};

function repeatText(scheduleClass: ScheduleClass | undefined, locale: string): string | null {
  if (!scheduleClass) return null;
  if (!scheduleClass.recurrenceRule) return 'Does not repeat';
  const days = weeklyRuleDays(scheduleClass.recurrenceRule);
  const until = scheduleClass.endsOn
    ? ` until ${formatLocalDay(scheduleClass.endsOn, locale, { dateStyle: 'medium' })}`
    : '';
  if (!days) return `Repeats (${scheduleClass.recurrenceRule})${until}`;
  // Weekday names stay English in this English sentence, like the calendar's headers.
  const names = days.map((code) =>
    formatLocalDate(
      `2024-01-0${['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].indexOf(code) + 1}`,
      'EEE',
    ),
  );
  return `Weekly on ${names.join(', ')}${until}`;
}

function SessionDetails({
  timeZone,
  session: clicked,
  classes,
  canEdit,
}: SessionDetailsSheetProps & { session: SessionSummary }) {
  const query = useSession(clicked.id, clicked);
  const { locale } = useStudioFormat();
  const session = query.data ?? clicked;
  const scheduleClass = classes.find((c) => c.id === session.classId);
  const recurring = Boolean(scheduleClass?.recurrenceRule);
  const [editScope, setEditScope] = useState<EditScope | null>(null);
  const [askingScope, setAskingScope] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [enrolling, setEnrolling] = useState(false);
  const cancelled = session.status === 'cancelled';
  const editable = canEdit(session) && !cancelled;
  const capacity = capacityStyle(session.bookedCount, session.capacity);
  const repeats = repeatText(scheduleClass, locale);
  // Booking is for every role (schedule.book): a course is enrolled into as a whole.
  const courseId = session.kind === 'course' && !cancelled ? session.classId : null;

  return (
    <>
      <SheetHeader>
        <SheetTitle className={cancelled ? 'line-through' : undefined}>{session.name}</SheetTitle>
        <SheetDescription>
          {formatLocalDay(localDateOf(session.startsAt, timeZone), locale, { dateStyle: 'full' })} ·{' '}
          {formatTimeRange(session.startsAt, session.endsAt, timeZone, locale)}
        </SheetDescription>
      </SheetHeader>
      <div className="space-y-6 px-4 pb-6">
        <div className="flex flex-wrap gap-2">
          <Badge variant="secondary">{KIND_LABELS[session.kind]}</Badge>
          {cancelled ? <Badge variant="destructive">Cancelled</Badge> : null}
          {session.detached ? <Badge variant="outline">Changed from its class</Badge> : null}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Trainer</dt>
          <dd>{session.trainer?.name ?? 'No trainer'}</dd>
          <dt className="text-muted-foreground">Facility</dt>
          <dd>{session.facility?.name ?? 'No facility'}</dd>
          <dt className="text-muted-foreground">Booked</dt>
          <dd>
            <span
              className={`inline-flex rounded border px-1.5 font-medium tabular-nums ${capacity.className}`}
            >
              {session.bookedCount} of {session.capacity} · {capacity.percent}% · {capacity.label}
            </span>
          </dd>
          <dt className="text-muted-foreground">Waitlist</dt>
          <dd>{session.waitlistCount}</dd>
          {repeats ? (
            <>
              <dt className="text-muted-foreground">Repeats</dt>
              <dd>{repeats}</dd>
            </>
          ) : null}
        </dl>
        {editable ? (
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => (recurring ? setAskingScope(true) : setEditScope('this'))}
            >
              Edit
            </Button>
            <Button type="button" variant="destructive" onClick={() => setCancelling(true)}>
              Cancel session
            </Button>
          </div>
        ) : null}
        {courseId ? (
          <div className="space-y-2">
            <p className="text-sm text-muted-foreground">
              Members enrol in every session of a course at once.
            </p>
            <Button type="button" variant="outline" onClick={() => setEnrolling(true)}>
              Enrol member in course
            </Button>
          </div>
        ) : null}
        <section aria-label="Roster" className="space-y-2">
          <SessionRoster sessionId={session.id} />
        </section>
      </div>
      {courseId ? (
        <EnrolCourseDialog
          classId={courseId}
          courseName={session.name}
          open={enrolling}
          onOpenChange={setEnrolling}
        />
      ) : null}
      <EditScopeDialog
        open={askingScope}
        onOpenChange={setAskingScope}
        onChoose={(scope) => {
          setAskingScope(false);
          setEditScope(scope);
        }}
      />
      <SessionEditDialog
        key={`${session.id}-${editScope ?? 'closed'}`}
        timeZone={timeZone}
        session={session}
        scope={editScope}
        onClose={() => setEditScope(null)}
      />
      <CancelSessionDialog
        session={cancelling ? session : undefined}
        timeZone={timeZone}
        onClose={() => setCancelling(false)}
      />
    </>
  );
}
