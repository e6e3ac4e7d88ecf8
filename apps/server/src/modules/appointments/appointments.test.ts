import { TRAINER_COLORS, trainerColor } from '@fitbase/domain/contracts/appointments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { insertMembers } from '../../../test/fixtures/members.ts';
import { insertSession } from '../../../test/fixtures/schedule.ts';
import { addStaff, type StaffPerson } from '../../../test/fixtures/staff.ts';
import { localDate } from '../../../test/fixtures/zones.ts';
import { organizations, organizationUsers } from '../../db/schema/organizations.ts';
import { bookings } from '../../db/schema/schedule.ts';

// docs/product/schedule.md#appointments

const ZONE = 'Asia/Kolkata'; // +05:30 all year: local times below are exact instants.

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let orgId: string;
let trainer: StaffPerson;
let admin: StaffPerson;
let serviceId: string;
let memberIds: string[];
/** Two local days ahead, so every time on it is in the future. */
let day: string;
const at = (time: string) => new Date(`${day}T${time}:00+05:30`);
const iso = (time: string) => at(time).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
  orgId = owner.organization.id;
  await t.deps.database.db
    .update(organizations)
    .set({ timezone: ZONE })
    .where(eq(organizations.id, orgId));
  trainer = await addStaff(t.app, owner.cookie, 'trainer', { firstName: 'Tara', lastName: 'Lift' });
  admin = await addStaff(t.app, owner.cookie, 'admin');
  const service = await call(t.app, 'POST', '/api/services', {
    cookie: owner.cookie,
    body: { name: 'Personal Training', price: '50.00', durationMinutes: 60 },
  });
  serviceId = service.body.id;
  memberIds = (await insertMembers(t, orgId, 3)).map((m) => m.id);
  day = localDate(ZONE, 2);
}, 60_000);
afterAll(async () => t?.close());

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

const putAvailability = (userId: string, slots: unknown[], cookie = owner.cookie) =>
  call(t.app, 'PUT', `/api/trainers/${userId}/availability`, { cookie, body: { slots } });

const slotsOn = (date = day, cookie = owner.cookie) =>
  call(
    t.app,
    'GET',
    `/api/appointments/slots?trainerUserId=${trainer.userId}&serviceId=${serviceId}&date=${date}`,
    { cookie },
  );

const book = (time: string, memberId: string, cookie = owner.cookie) =>
  call(t.app, 'POST', '/api/appointments', {
    cookie,
    body: { trainerUserId: trainer.userId, serviceId, memberId, startsAt: iso(time) },
  });

describe('GET /api/trainers', () => {
  it('lists every person of the studio with the studio name, role and a stable preset colour', async () => {
    await t.deps.database.db
      .update(organizationUsers)
      .set({ displayName: 'Coach Tara' })
      .where(
        and(
          eq(organizationUsers.organizationId, orgId),
          eq(organizationUsers.userId, trainer.userId),
        ),
      );
    const res = await call(t.app, 'GET', '/api/trainers', { cookie: trainer.cookie });
    expect(res.status).toBe(200);
    const byId = new Map(
      (res.body.trainers as { userId: string }[]).map((p) => [p.userId, p] as const),
    );
    expect(byId.size).toBe(3);
    expect(byId.get(trainer.userId)).toEqual({
      userId: trainer.userId,
      name: 'Coach Tara',
      role: 'trainer',
      color: trainerColor(trainer.userId),
    });
    expect(byId.get(owner.userId)).toMatchObject({ role: 'owner' });
    for (const person of res.body.trainers) expect(TRAINER_COLORS).toContain(person.color);
  });
});

describe('trainer availability', () => {
  it('replaces the weekly set and reads it back in order', async () => {
    const first = await putAvailability(trainer.userId, [
      { weekday: 3, startTime: '14:00', endTime: '18:00' },
      { weekday: 1, startTime: '09:00', endTime: '12:00' },
    ]);
    expect(first.status, first.text).toBe(200);
    expect(first.body.slots.map((s: { weekday: number }) => s.weekday)).toEqual([1, 3]);
    const second = await putAvailability(trainer.userId, [
      { weekday: 5, startTime: '07:00', endTime: '08:30' },
    ]);
    expect(second.status).toBe(200);
    const read = await call(t.app, 'GET', `/api/trainers/${trainer.userId}/availability`, {
      cookie: trainer.cookie,
    });
    expect(read.body.slots).toEqual([
      { id: expect.any(String), weekday: 5, startTime: '07:00', endTime: '08:30' },
    ]);
  });

  it('refuses overlapping slots on one weekday and an end before the start, changing nothing', async () => {
    const overlap = await putAvailability(trainer.userId, [
      { weekday: 2, startTime: '09:00', endTime: '12:00' },
      { weekday: 2, startTime: '11:00', endTime: '13:00' },
    ]);
    expect(overlap.status).toBe(400);
    expect(overlap.body.error.code).toBe('validation_error');
    expect(Object.keys(overlap.body.error.fields ?? {})).toContain('slots.1.startTime');
    const backwards = await putAvailability(trainer.userId, [
      { weekday: 2, startTime: '12:00', endTime: '09:00' },
    ]);
    expect(backwards.status).toBe(400);
    // Back to back on one day, and the same hours on another day, are fine.
    const fine = await putAvailability(trainer.userId, [
      { weekday: 2, startTime: '09:00', endTime: '12:00' },
      { weekday: 2, startTime: '12:00', endTime: '13:00' },
      { weekday: 4, startTime: '09:00', endTime: '12:00' },
    ]);
    expect(fine.status, fine.text).toBe(200);
    expect(fine.body.slots).toHaveLength(3);
  });

  it("lets a trainer set only their own; owners and admins set anyone's", async () => {
    const other = await putAvailability(
      admin.userId,
      [{ weekday: 1, startTime: '09:00', endTime: '10:00' }],
      trainer.cookie,
    );
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('forbidden');
    const own = await putAvailability(
      trainer.userId,
      [{ weekday: 1, startTime: '09:00', endTime: '10:00' }],
      trainer.cookie,
    );
    expect(own.status).toBe(200);
    const byAdmin = await putAvailability(
      trainer.userId,
      [{ weekday: 1, startTime: '10:00', endTime: '11:00' }],
      admin.cookie,
    );
    expect(byAdmin.status).toBe(200);
  });
});

describe('appointments', () => {
  it('offers the free times of a day, books one, then refuses a clash and times outside availability', async () => {
    const set = await putAvailability(trainer.userId, [
      { weekday: weekdayOf(day), startTime: '09:00', endTime: '12:00' },
    ]);
    expect(set.status).toBe(200);
    // Busy 10:30–11:00 teaching; a cancelled session at 09:00 does not count.
    await insertSession(t.deps.database.db, orgId, {
      trainerUserId: trainer.userId,
      startsAt: at('10:30'),
      endsAt: at('11:00'),
    });
    await insertSession(t.deps.database.db, orgId, {
      trainerUserId: trainer.userId,
      startsAt: at('09:00'),
      status: 'cancelled',
    });
    const free = await slotsOn();
    expect(free.status, free.text).toBe(200);
    expect(free.body.slots).toEqual([
      { startsAt: iso('09:00'), endsAt: iso('10:00') },
      { startsAt: iso('11:00'), endsAt: iso('12:00') },
    ]);

    const booked = await book('09:00', memberIds[0]!, trainer.cookie);
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body).toMatchObject({
      kind: 'appointment',
      name: 'Personal Training',
      classId: null,
      serviceId,
      startsAt: iso('09:00'),
      endsAt: iso('10:00'),
      capacity: 1,
      bookedCount: 1,
      status: 'scheduled',
      color: trainerColor(trainer.userId),
      trainer: { userId: trainer.userId },
    });
    const rows = await t.deps.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.sessionId, booked.body.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      memberId: memberIds[0],
      status: 'booked',
      startsAt: at('09:00'),
      endsAt: at('10:00'),
    });
    expect((await slotsOn()).body.slots).toEqual([
      { startsAt: iso('11:00'), endsAt: iso('12:00') },
    ]);

    const clash = await book('09:00', memberIds[1]!);
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('schedule_clash');
    const busy = await book('10:00', memberIds[1]!);
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('schedule_clash');

    for (const time of ['11:30', '13:00', '08:30']) {
      const outside = await book(time, memberIds[1]!);
      expect(outside.status, time).toBe(400);
      expect(outside.body.error.code, time).toBe('outside_availability');
    }
  });

  it('refuses a member already booked at that time', async () => {
    const member = memberIds[2]!;
    await putAvailability(trainer.userId, [
      { weekday: weekdayOf(day), startTime: '15:00', endTime: '18:00' },
    ]);
    const other = await insertSession(t.deps.database.db, orgId, {
      startsAt: at('15:00'),
      endsAt: at('16:00'),
    });
    await t.deps.database.db.insert(bookings).values({
      organizationId: orgId,
      sessionId: other.id,
      memberId: member,
      status: 'booked',
      startsAt: other.startsAt,
      endsAt: other.endsAt,
    });
    const res = await book('15:00', member);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('booking_overlap');
    expect((await book('16:00', member)).status).toBe(201);
  });

  it('offers nothing in the past and nothing without availability that day', async () => {
    const yesterday = localDate(ZONE, -1);
    await putAvailability(trainer.userId, [
      { weekday: weekdayOf(yesterday), startTime: '00:00', endTime: '23:00' },
    ]);
    expect((await slotsOn(yesterday)).body.slots).toEqual([]);
    expect((await slotsOn(localDate(ZONE, 3))).body.slots).toEqual([]);
  });
});

describe('another studio', () => {
  it("answers 404 for this studio's trainer, as for one that does not exist", async () => {
    const stranger = await createOwner(t.app, 'pro');
    const read = await call(t.app, 'GET', `/api/trainers/${trainer.userId}/availability`, {
      cookie: stranger.cookie,
    });
    expect(read.status).toBe(404);
    const write = await putAvailability(trainer.userId, [], stranger.cookie);
    expect(write.status).toBe(404);
    const slots = await slotsOn(day, stranger.cookie);
    expect(slots.status).toBe(404);
    const appointment = await book('11:00', memberIds[1]!, stranger.cookie);
    expect(appointment.status).toBe(404);
    const list = await call(t.app, 'GET', '/api/trainers', { cookie: stranger.cookie });
    expect(list.body.trainers.map((p: { userId: string }) => p.userId)).toEqual([stranger.userId]);
  });
});
