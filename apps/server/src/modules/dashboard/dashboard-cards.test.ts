import { DEFAULT_HOME_CARDS, HOME_CARD_IDS, homeCardsFor } from '@fitbase/domain/home-cards';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  call,
  createOwner,
  createTestApp,
  signUp,
  type TestContext,
} from '../../../test/test-app.ts';
import { addStaff } from '../../../test/fixtures/staff.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { seedMember } from '../payments/payments-fixtures.ts';

// docs/product/dashboards.md#cards-you-choose and #setup-checklist

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const cardsOf = (cookie: string) => call(t.app, 'GET', '/api/dashboard/home/cards', { cookie });
const save = (cookie: string, cards: string[]) =>
  call(t.app, 'PUT', '/api/dashboard/home/cards', { cookie, body: { cards } });

describe('home cards per person and studio', () => {
  it('start at the defaults, save in order, stay apart per person, and reset', async () => {
    const owner = await createOwner(t.app, 'pro');
    const admin = await addStaff(t.app, owner.cookie, 'admin');

    const first = await cardsOf(owner.cookie);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ cards: [...DEFAULT_HOME_CARDS], customized: false });
    // Nothing chosen beyond the home's own cards: no extra figure is computed.
    expect(Object.values(first.body.figures).every((v) => v === null)).toBe(true);

    const chosen = ['low-stock', 'monthly-revenue', 'unread-messages', 'class-bookings'];
    const saved = await save(owner.cookie, chosen);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ cards: chosen, customized: true });
    expect(saved.body.figures).toMatchObject({ lowStock: 0, unreadMessages: 0, newMembers: null });

    // Read back as saved; the admin of the same studio still has the defaults.
    expect((await cardsOf(owner.cookie)).body.cards).toEqual(chosen);
    expect((await cardsOf(admin.cookie)).body).toMatchObject({
      cards: [...DEFAULT_HOME_CARDS],
      customized: false,
    });

    // Removing every card is a choice too.
    expect((await save(owner.cookie, [])).body).toMatchObject({ cards: [], customized: true });

    const reset = await call(t.app, 'DELETE', '/api/dashboard/home/cards', {
      cookie: owner.cookie,
    });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body).toMatchObject({ cards: [...DEFAULT_HOME_CARDS], customized: false });
  });

  it('refuses duplicates, unknown cards and cards the role may not see', async () => {
    const owner = await createOwner(t.app);
    const trainer = await addStaff(t.app, owner.cookie, 'trainer');
    const twice = await save(owner.cookie, ['low-stock', 'low-stock']);
    expect(twice.status).toBe(400);
    expect((await save(owner.cookie, ['weather'])).status).toBe(400);

    // Failed payments come from a report, which is for owners and admins.
    const refused = await save(trainer.cookie, ['failed-payments']);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/Failed Payments/);
    expect(homeCardsFor('trainer').map((c) => c.id)).not.toContain('failed-payments');
    expect(homeCardsFor('owner').map((c) => c.id)).toEqual([...HOME_CARD_IDS]);
  });

  it('shows only what the role may see when the role changed after saving', async () => {
    const owner = await createOwner(t.app);
    const admin = await addStaff(t.app, owner.cookie, 'admin');
    expect((await save(admin.cookie, ['failed-payments', 'low-stock'])).status).toBe(200);
    const demoted = await call(t.app, 'PUT', `/api/staff/${admin.id}`, {
      cookie: owner.cookie,
      body: { email: admin.email, firstName: 'Sam', lastName: 'Admin', role: 'staff' },
    });
    expect(demoted.status, demoted.text).toBe(200);
    const after = await cardsOf(admin.cookie);
    expect(after.body.cards).toEqual(['low-stock']);
    expect(after.body.figures.failedPayments).toBeNull();
  });

  it('is gone with the person: leaving the studio removes their cards', async () => {
    const owner = await createOwner(t.app);
    const staff = await addStaff(t.app, owner.cookie, 'staff');
    expect((await save(staff.cookie, ['low-stock'])).status).toBe(200);
    const removed = await call(t.app, 'DELETE', `/api/staff/${staff.id}`, { cookie: owner.cookie });
    expect(removed.status, removed.text).toBeLessThan(300);
    const left = await t.deps.database.db.execute(
      sql`select count(*)::int as n from home_dashboard_layouts where organization_id = ${owner.organization.id}`,
    );
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});

describe('setup checklist', () => {
  it('lists what an owner or admin has left to do, and disappears when done', async () => {
    const owner = await createOwner(t.app);
    const org = owner.organization.id;
    const trainer = await addStaff(t.app, owner.cookie, 'trainer');
    const db = t.deps.database.db;

    // createOwner makes the studio in UTC, with no currency chosen, no logo and no class.
    expect((await cardsOf(owner.cookie)).body.setup).toEqual({
      timeZone: false,
      currency: false,
      logo: false,
      firstClass: false,
    });
    // Trainers and staff cannot do these steps: no checklist for them.
    expect((await cardsOf(trainer.cookie)).body.setup).toBeNull();

    const zone = await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: owner.cookie,
      body: { timezone: 'Europe/Lisbon' },
    });
    expect(zone.status, zone.text).toBeLessThan(300);
    expect((await cardsOf(owner.cookie)).body.setup).toEqual({
      timeZone: true,
      currency: false,
      logo: false,
      firstClass: false,
    });

    // Saving the default currency is a choice too.
    const currency = await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: owner.cookie,
      body: { currency: 'USD' },
    });
    expect(currency.status, currency.text).toBeLessThan(300);
    expect((await cardsOf(owner.cookie)).body.setup).toMatchObject({ currency: true });

    const klass = await call(t.app, 'POST', '/api/classes', {
      cookie: owner.cookie,
      body: {
        name: 'Morning Yoga',
        capacity: 10,
        durationMinutes: 60,
        startsOn: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
        startTime: '07:00',
      },
    });
    expect(klass.status, klass.text).toBe(201);
    // The logo upload's own tests cover the image; here only the stored logo counts.
    await db
      .update(organizations)
      .set({ logoHash: 'a'.repeat(64) })
      .where(eq(organizations.id, org));
    expect((await cardsOf(owner.cookie)).body.setup).toBeNull();
  });

  it('counts the currency done when chosen at creation or fixed by a first sale', async () => {
    const person = await signUp(t.app);
    const slug = `gym-${randomBytes(4).toString('hex')}`;
    const created = await call(t.app, 'POST', '/api/organizations', {
      cookie: person.cookie,
      body: { name: 'Gym', slug, subscriptionTier: 'trial', timezone: 'UTC', currency: 'USD' },
    });
    expect(created.status, created.text).toBe(201);
    expect((await cardsOf(person.cookie)).body.setup).toMatchObject({ currency: true });

    const other = await createOwner(t.app, 'pro');
    expect((await cardsOf(other.cookie)).body.setup).toMatchObject({ currency: false });
    const { memberId } = await seedMember(t.deps.database.db, other.organization.id);
    const sale = await call(t.app, 'POST', '/api/payments', {
      cookie: other.cookie,
      body: { memberId, amount: '10.00', method: 'cash', description: 'Drop-in' },
    });
    expect(sale.status, sale.text).toBe(201);
    expect((await cardsOf(other.cookie)).body.setup).toMatchObject({ currency: true });
  });
});
