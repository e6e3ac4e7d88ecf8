import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { personWithRole } from '../../../test/fixtures/members.ts';

// docs/product/money-and-store.md#pay-rates.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('pay rates', () => {
  it('keeps a history per trainer and marks the rate in force today as current', async () => {
    const owner = await createOwner(t.app);
    const trainer = await personWithRole(t, owner.organization.id, 'trainer');
    const add = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/pay-rates', {
        cookie: owner.cookie,
        body: { staffUserId: trainer.userId, kind: 'per_class', amount: '25', ...body },
      });
    const old = await add({ effectiveFrom: day(-60) });
    expect(old.status, old.text).toBe(201);
    expect(old.body).toMatchObject({ amount: '25.00', isCurrent: true, kind: 'per_class' });
    const now = await add({ effectiveFrom: day(-1), kind: 'per_attendee', amount: '4.50' });
    expect(now.body.isCurrent).toBe(true);
    await add({ effectiveFrom: day(30), amount: '30.00' });
    const list = await call(t.app, 'GET', '/api/pay-rates', { cookie: owner.cookie });
    expect(
      list.body.payRates.map((r: { amount: string; isCurrent: boolean }) => [
        r.amount,
        r.isCurrent,
      ]),
    ).toEqual([
      ['30.00', false],
      ['4.50', true],
      ['25.00', false],
    ]);
    expect(list.body.payRates[0].staffName).toBeTruthy();

    const clash = await add({ effectiveFrom: day(-1), kind: 'per_hour' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toMatch(/already has a rate from/);

    const del = await call(t.app, 'DELETE', `/api/pay-rates/${now.body.id}`, {
      cookie: owner.cookie,
    });
    expect(del.status).toBe(204);
    const after = await call(t.app, 'GET', '/api/pay-rates', { cookie: owner.cookie });
    expect(after.body.payRates.find((r: { isCurrent: boolean }) => r.isCurrent).amount).toBe(
      '25.00',
    );
  });

  it('refuses someone outside the studio staff, bad amounts, and non-managers', async () => {
    const owner = await createOwner(t.app);
    const stranger = await createOwner(t.app);
    const bad: Record<string, unknown>[] = [
      { staffUserId: stranger.userId, kind: 'per_hour', amount: '20', effectiveFrom: day(0) },
      { staffUserId: owner.userId, kind: 'per_hour', amount: '-1', effectiveFrom: day(0) },
      { staffUserId: owner.userId, kind: 'per_hour', amount: '1.001', effectiveFrom: day(0) },
      { staffUserId: owner.userId, kind: 'per_day', amount: '20', effectiveFrom: day(0) },
      { staffUserId: owner.userId, kind: 'per_hour', amount: '20', effectiveFrom: '2026-13-01' },
    ];
    for (const body of bad) {
      const res = await call(t.app, 'POST', '/api/pay-rates', { cookie: owner.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const trainer = await personWithRole(t, owner.organization.id, 'trainer');
    const own = await call(t.app, 'GET', '/api/pay-rates', { cookie: trainer.cookie });
    expect(own.status).toBe(403);
  });
});
