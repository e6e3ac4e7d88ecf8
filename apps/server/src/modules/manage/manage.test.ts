import { trainerColor } from '@fitbase/domain/contracts/appointments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertMembers } from '../../../test/fixtures/members.ts';
import { hoursFromNow, insertSession } from '../../../test/fixtures/schedule.ts';
import { addStaff } from '../../../test/fixtures/staff.ts';
import { plans } from '../../db/schema/money.ts';
import { bookings } from '../../db/schema/schedule.ts';

// docs/product/schedule.md#manage

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;

describe('GET /api/manage/overview', () => {
  it("counts the studio's own records and lists the first of each", async () => {
    const owner = await createOwner(t.app, 'pro');
    const orgId = owner.organization.id;
    const db = t.deps.database.db;
    const cookie = owner.cookie;
    const trainer = await addStaff(t.app, cookie, 'trainer', { firstName: 'Tia', lastName: 'Ode' });
    await addStaff(t.app, cookie, 'staff');
    const members = await insertMembers(t, orgId, 3);
    for (const name of ['Spin', 'Personal Training'])
      await call(t.app, 'POST', '/api/services', { cookie, body: { name, durationMinutes: 60 } });
    const room = await call(t.app, 'POST', '/api/facilities', {
      cookie,
      body: { name: 'Main Hall', capacity: 30 },
    });
    expect(room.status, room.text).toBe(201);
    const startsOn = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const yoga = await call(t.app, 'POST', '/api/classes', {
      cookie,
      body: {
        name: 'Yoga',
        capacity: 10,
        durationMinutes: 60,
        startsOn,
        startTime: '07:00',
        recurrenceRule: 'FREQ=WEEKLY;COUNT=4',
      },
    });
    expect(yoga.status, yoga.text).toBe(201);
    const course = await call(t.app, 'POST', '/api/classes', {
      cookie,
      body: {
        kind: 'course',
        name: 'Intro Course',
        capacity: 10,
        durationMinutes: 60,
        startsOn,
        startTime: '19:00',
        recurrenceRule: 'FREQ=WEEKLY;COUNT=2',
      },
    });
    expect(course.status, course.text).toBe(201);
    // Appointments: one upcoming with its member, one past, one cancelled.
    const upcoming = await insertSession(db, orgId, {
      kind: 'appointment',
      name: 'Personal Training',
      capacity: 1,
      bookedCount: 1,
      trainerUserId: trainer.userId,
      startsAt: hoursFromNow(5),
    });
    await db.insert(bookings).values({
      organizationId: orgId,
      sessionId: upcoming.id,
      memberId: members[0]!.id,
      status: 'booked',
      startsAt: upcoming.startsAt,
      endsAt: upcoming.endsAt,
    });
    await insertSession(db, orgId, {
      kind: 'appointment',
      capacity: 1,
      startsAt: hoursFromNow(-5),
    });
    await insertSession(db, orgId, {
      kind: 'appointment',
      capacity: 1,
      startsAt: hoursFromNow(6),
      status: 'cancelled',
    });

    // Money: one active plan (and an inactive one), codes, and pay rates (one not yet in force).
    await db.insert(plans).values([
      {
        organizationId: orgId,
        name: '10-class pack',
        kind: 'class_pack',
        price: '120.00',
        credits: 10,
      },
      {
        organizationId: orgId,
        name: 'Old pack',
        kind: 'class_pack',
        price: '99.00',
        isActive: false,
      },
    ]);
    for (const body of [
      { code: 'SPRING10', kind: 'percent', value: '10' },
      { code: 'OFF5', kind: 'fixed', value: '5' },
      { code: 'GONE', kind: 'fixed', value: '5', isActive: false },
    ])
      expect((await call(t.app, 'POST', '/api/discounts', { cookie, body })).status).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    for (const [staffUserId, effectiveFrom] of [
      [trainer.userId, today],
      [owner.userId, later],
    ])
      expect(
        (
          await call(t.app, 'POST', '/api/pay-rates', {
            cookie,
            body: { staffUserId, kind: 'per_class', amount: '30.00', effectiveFrom },
          })
        ).status,
      ).toBe(201);

    const res = await call(t.app, 'GET', '/api/manage/overview', { cookie: trainer.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body.counts).toEqual({
      clients: 3,
      classes: 1,
      courses: 1,
      facilities: 1,
      trainers: 1,
      upcomingAppointments: 1,
      services: 2,
      plans: 1,
      discounts: 2,
      payRates: 1,
    });
    expect(res.body.discounts).toEqual([
      { id: expect.any(String), code: 'OFF5', kind: 'fixed', value: '5.00' },
      { id: expect.any(String), code: 'SPRING10', kind: 'percent', value: '10.00' },
    ]);
    expect(res.body.payRates).toEqual([
      { staffUserId: trainer.userId, staffName: 'Tia Ode', kind: 'per_class' },
    ]);
    expect(res.body.classes).toEqual([
      {
        id: yoga.body.id,
        name: 'Yoga',
        color: expect.any(String),
        nextSessionAt: yoga.body.nextSessionAt,
        upcomingSessions: 4,
      },
    ]);
    expect(res.body.courses).toEqual([
      expect.objectContaining({ id: course.body.id, name: 'Intro Course', upcomingSessions: 2 }),
    ]);
    expect(res.body.facilities).toEqual([{ id: room.body.id, name: 'Main Hall', capacity: 30 }]);
    expect(res.body.trainers).toEqual([
      {
        userId: trainer.userId,
        name: 'Tia Ode',
        role: 'trainer',
        color: trainerColor(trainer.userId),
      },
    ]);
    expect(res.body.appointments).toEqual([
      {
        session: expect.objectContaining({ id: upcoming.id, kind: 'appointment' }),
        member: {
          id: members[0]!.id,
          firstName: 'Bulk',
          lastName: 'Member 0',
        },
      },
    ]);

    // Another studio sees only its own (empty) records.
    const stranger = await createOwner(t.app, 'pro');
    const theirs = await call(t.app, 'GET', '/api/manage/overview', { cookie: stranger.cookie });
    expect(theirs.body).toEqual({
      counts: {
        clients: 0,
        classes: 0,
        courses: 0,
        facilities: 0,
        trainers: 0,
        upcomingAppointments: 0,
        services: 0,
        plans: 0,
        discounts: 0,
        payRates: 0,
      },
      discounts: [],
      payRates: [],
      classes: [],
      courses: [],
      facilities: [],
      trainers: [],
      appointments: [],
    });
  });
});
