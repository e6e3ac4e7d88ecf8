import { scheduleClassInputSchema } from '@fitbase/domain/contracts/schedule';
import { createClass } from '../modules/schedule/schedule-classes.service.ts';
import type { DemoCatalog } from './demo-catalog.ts';
import { weekdayOf } from './demo-clock.ts';
import { act, count, type DemoContext } from './demo-context.ts';

/**
 * The timetable: 15 recurring classes made on the first morning (their sessions up to the
 * rolling horizon, which the horizon job then moves on day by day), and two courses: one run
 * in the past and one under way today, with sessions past and upcoming.
 */

type Trainer = 0 | 1 | 2 | 3 | 4;
type Room = keyof DemoCatalog['facilities'];
type Service = keyof DemoCatalog['services'];

interface ClassSpec {
  name: string;
  trainer: Trainer;
  room: Room;
  service: Service;
  days: string;
  time: string;
  minutes: number;
  capacity: number;
  color: string;
  /** How many members like this class (a share of those booking that day). */
  pull: number;
}

// Trainers: 0 Jordan (group), 1 Sofia (yoga), 2 Kai (cycling), 3 Amara (strength), 4 Liam (pilates).
const CLASSES: ClassSpec[] = [
  {
    name: 'Sunrise HIIT',
    trainer: 0,
    room: 'studio',
    service: 'group',
    days: 'MO,WE',
    time: '06:30',
    minutes: 45,
    capacity: 16,
    color: '#ef4444',
    pull: 1.2,
  },
  {
    name: 'Lunch Express',
    trainer: 0,
    room: 'studio',
    service: 'group',
    days: 'TH',
    time: '12:15',
    minutes: 30,
    capacity: 12,
    color: '#f97316',
    pull: 0.7,
  },
  {
    name: 'Saturday Bootcamp',
    trainer: 0,
    room: 'studio',
    service: 'group',
    days: 'SA',
    time: '09:00',
    minutes: 60,
    capacity: 20,
    color: '#f59e0b',
    pull: 1.5,
  },
  {
    name: 'Vinyasa Flow',
    trainer: 1,
    room: 'yoga',
    service: 'yoga',
    days: 'MO,WE',
    time: '18:00',
    minutes: 60,
    capacity: 16,
    color: '#10b981',
    pull: 1.3,
  },
  {
    name: 'Yin Yoga',
    trainer: 1,
    room: 'yoga',
    service: 'yoga',
    days: 'TU',
    time: '19:30',
    minutes: 60,
    capacity: 12,
    color: '#14b8a6',
    pull: 0.9,
  },
  {
    name: 'Weekend Yoga',
    trainer: 1,
    room: 'yoga',
    service: 'yoga',
    days: 'SU',
    time: '10:00',
    minutes: 75,
    capacity: 18,
    color: '#22c55e',
    pull: 1.2,
  },
  {
    name: 'Rhythm Ride',
    trainer: 2,
    room: 'cycle',
    service: 'cycling',
    days: 'MO,TH',
    time: '17:30',
    minutes: 45,
    capacity: 14,
    color: '#3b82f6',
    pull: 1.1,
  },
  {
    name: 'Power Cycle',
    trainer: 2,
    room: 'cycle',
    service: 'cycling',
    days: 'FR',
    time: '06:45',
    minutes: 45,
    capacity: 12,
    color: '#6366f1',
    pull: 0.9,
  },
  {
    name: 'Endurance Ride',
    trainer: 2,
    room: 'cycle',
    service: 'cycling',
    days: 'SA',
    time: '08:00',
    minutes: 60,
    capacity: 12,
    color: '#0ea5e9',
    pull: 0.8,
  },
  {
    name: 'Strength Foundations',
    trainer: 3,
    room: 'strength',
    service: 'strength',
    days: 'WE',
    time: '17:00',
    minutes: 60,
    capacity: 10,
    color: '#8b5cf6',
    pull: 1.0,
  },
  // Small and popular: it fills and keeps a waitlist.
  {
    name: 'Barbell Club',
    trainer: 3,
    room: 'strength',
    service: 'strength',
    days: 'TU,TH',
    time: '18:00',
    minutes: 60,
    capacity: 8,
    color: '#a855f7',
    pull: 1.6,
  },
  {
    name: 'Kettlebell Burn',
    trainer: 3,
    room: 'studio',
    service: 'strength',
    days: 'SA',
    time: '11:00',
    minutes: 45,
    capacity: 16,
    color: '#d946ef',
    pull: 0.9,
  },
  {
    name: 'Mat Pilates',
    trainer: 4,
    room: 'yoga',
    service: 'pilates',
    days: 'TU',
    time: '07:00',
    minutes: 50,
    capacity: 12,
    color: '#ec4899',
    pull: 0.9,
  },
  {
    name: 'Mobility & Stretch',
    trainer: 4,
    room: 'studio',
    service: 'pilates',
    days: 'MO',
    time: '19:15',
    minutes: 45,
    capacity: 14,
    color: '#f43f5e',
    pull: 0.7,
  },
  {
    name: 'Core Crush',
    trainer: 4,
    room: 'studio',
    service: 'pilates',
    days: 'FR',
    time: '17:30',
    minutes: 30,
    capacity: 20,
    color: '#fb7185',
    pull: 0.8,
  },
];

interface CourseSpec {
  name: string;
  description: string;
  trainer: Trainer;
  room: Room;
  service: Service;
  day: string;
  time: string;
  minutes: number;
  capacity: number;
  sessions: number;
  color: string;
}

const COURSES: CourseSpec[] = [
  {
    name: 'Beginner Barbell (6 weeks)',
    description: 'Learn the squat, deadlift and press from scratch.',
    trainer: 3,
    room: 'strength',
    service: 'strength',
    day: 'SA',
    time: '13:00',
    minutes: 75,
    capacity: 8,
    sessions: 6,
    color: '#7c3aed',
  },
  {
    name: 'Intro to Yoga (8 weeks)',
    description: 'Eight Sundays of foundations for new yogis.',
    trainer: 1,
    room: 'yoga',
    service: 'yoga',
    day: 'SU',
    time: '12:00',
    minutes: 60,
    capacity: 12,
    sessions: 8,
    color: '#059669',
  },
];

export interface DemoClass {
  id: string;
  name: string;
  pull: number;
  capacity: number;
  course: boolean;
  /** Sessions a week. */
  daysPerWeek: number;
  /** Small and sought after: its next session gets a waitlist. */
  popular: boolean;
}

export interface DemoCourse extends DemoClass {
  /** When members enrol (the week before it starts) and the day it starts. */
  enrolDay: string;
  startDay: string;
}

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** The first day on or after `day` that falls on `weekday` (MO … SU). */
function nextWeekday(day: string, weekday: string, plus: (d: string, n: number) => string) {
  const target = WEEKDAYS.indexOf(weekday);
  return plus(day, (target - weekdayOf(day) + 7) % 7);
}

export async function setUpSchedule(
  ctx: DemoContext,
  catalog: DemoCatalog,
): Promise<{ classes: DemoClass[]; courses: DemoCourse[] }> {
  const { clock } = ctx;
  const startsOn = clock.plus(clock.firstDay, 1);
  const classes: DemoClass[] = [];
  for (const spec of CLASSES) {
    const cls = await act(ctx, ctx.team.owner, (scope) =>
      createClass(
        scope,
        scheduleClassInputSchema.parse({
          name: spec.name,
          serviceId: catalog.services[spec.service],
          capacity: spec.capacity,
          durationMinutes: spec.minutes,
          trainerUserId: ctx.team.trainers[spec.trainer]!.userId,
          facilityId: catalog.facilities[spec.room],
          color: spec.color,
          startsOn,
          startTime: spec.time,
          recurrenceRule: `FREQ=WEEKLY;BYDAY=${spec.days}`,
        }),
        clock.at(clock.firstDay, '08:30'),
      ),
    );
    classes.push({
      id: cls.id,
      name: spec.name,
      pull: spec.pull,
      capacity: spec.capacity,
      course: false,
      daysPerWeek: spec.days.split(',').length,
      popular: spec.capacity <= 8,
    });
  }
  count(ctx, 'classes', classes.length);
  // The first course starts in the history's first weeks; the second started two weeks ago and
  // runs on, so the schedule shows it both ways.
  const starts = [
    nextWeekday(
      clock.plus(clock.firstDay, Math.min(21, Math.floor(ctx.size.days / 5))),
      COURSES[0]!.day,
      clock.plus,
    ),
    nextWeekday(clock.plus(clock.today, -14), COURSES[1]!.day, clock.plus),
  ];
  const courses: DemoCourse[] = [];
  for (const [i, spec] of COURSES.entries()) {
    const startDay = starts[i]!;
    const enrolDay = clock.plus(startDay, -8);
    const course = await act(ctx, ctx.team.owner, (scope) =>
      createClass(
        scope,
        scheduleClassInputSchema.parse({
          kind: 'course',
          name: spec.name,
          description: spec.description,
          serviceId: catalog.services[spec.service],
          capacity: spec.capacity,
          durationMinutes: spec.minutes,
          trainerUserId: ctx.team.trainers[spec.trainer]!.userId,
          facilityId: catalog.facilities[spec.room],
          color: spec.color,
          startsOn: startDay,
          startTime: spec.time,
          recurrenceRule: `FREQ=WEEKLY;BYDAY=${spec.day};COUNT=${spec.sessions}`,
        }),
        clock.at(clock.plus(enrolDay, -3), '10:00'),
      ),
    );
    courses.push({
      id: course.id,
      name: spec.name,
      pull: 0,
      capacity: spec.capacity,
      course: true,
      daysPerWeek: 1,
      popular: false,
      enrolDay,
      startDay,
    });
  }
  count(ctx, 'courses', courses.length);
  return { classes, courses };
}
