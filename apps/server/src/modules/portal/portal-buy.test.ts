import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, validCard } from '../../../test/fixtures/members.ts';
import { signInMember } from '../../../test/fixtures/portal.ts';
import { sendMembershipEmail } from '../memberships/membership-mail.ts';

// docs/product/member-portal.md#buy

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let slug: string;
let packId: string;
let hiddenId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
  slug = owner.organization.slug;
  const pack = await call(t.app, 'POST', '/api/plans', {
    cookie: owner.cookie,
    body: {
      name: '10 Class Pack',
      kind: 'class_pack',
      price: '150.00',
      credits: 10,
      validityDays: 90,
      soldOnline: true,
    },
  });
  expect(pack.status, pack.text).toBe(201);
  expect(pack.body.soldOnline).toBe(true);
  packId = pack.body.id;
  const hidden = await call(t.app, 'POST', '/api/plans', {
    cookie: owner.cookie,
    body: {
      name: 'Staff-only Deal',
      kind: 'class_pack',
      price: '50.00',
      credits: 5,
      validityDays: 30,
    },
  });
  hiddenId = hidden.body.id;
});
afterAll(async () => t?.close());

describe('Buy', () => {
  it('offers only what the studio sells online', async () => {
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const res = await call(t.app, 'GET', `/api/m/${slug}/offers`, { cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body.offers.map((o: { name: string }) => o.name)).toEqual(['10 Class Pack']);
    const hidden = await call(t.app, 'POST', `/api/m/${slug}/offers/${hiddenId}/buy`, {
      cookie,
      body: { card: validCard() },
    });
    expect(hidden.status).toBe(404);
  });

  it('buys a class pack with a new card: credits, the sale in the ledger, a receipt', async () => {
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const res = await call(t.app, 'POST', `/api/m/${slug}/offers/${packId}/buy`, {
      cookie,
      body: { card: validCard({ cardLastFour: '4242' }) },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe('You bought 10 Class Pack. We sent your receipt by email.');
    const cards = await call(t.app, 'GET', `/api/m/${slug}/cards`, { cookie });
    expect(cards.body.cards).toEqual([
      expect.objectContaining({ cardLastFour: '4242', isDefault: true }),
    ]);
    expect(JSON.stringify(cards.body)).not.toContain('pm_');
    const mine = await call(t.app, 'GET', `/api/m/${slug}/memberships`, { cookie });
    expect(mine.body.memberships[0]).toMatchObject({ planName: '10 Class Pack', creditsLeft: 10 });
    // The front desk sees the sale like any other.
    const payments = await call(t.app, 'GET', `/api/members/${member.id}/payments`, {
      cookie: owner.cookie,
    });
    expect(JSON.stringify(payments.body)).toContain('150.00');
    // The sale has its numbered receipt, which the studio emails (receipts-mail.ts); the
    // unnumbered purchase email would repeat it, so it stays quiet.
    const sale = payments.body.entries.find((e: { amount: string }) => e.amount === '150.00');
    expect(sale.receiptNumber).toMatch(/^R-\d{6}$/);
    const email = () =>
      sendMembershipEmail(t.deps, {
        type: 'bought_online',
        organizationId: owner.organization.id,
        membershipId: res.body.membershipId,
      });
    let before = t.mail.length;
    await email();
    expect(t.mail.length).toBe(before);
    // A studio that does not email receipts sends the purchase's own.
    await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: owner.cookie,
      body: { emailReceipts: false },
    });
    before = t.mail.length;
    await email();
    expect(t.mail.slice(before)[0]).toMatchObject({
      to: member.email,
      subject: 'Your receipt: 10 Class Pack ($150.00)',
    });
    await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: owner.cookie,
      body: { emailReceipts: true },
    });
  });

  it('keeps a declined payment and tells the member, as at the desk', async () => {
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const card = await call(t.app, 'POST', `/api/m/${slug}/cards`, {
      cookie,
      body: validCard({ cardLastFour: '0002' }),
    });
    expect(card.status, card.text).toBe(201);
    const res = await call(t.app, 'POST', `/api/m/${slug}/offers/${packId}/buy`, {
      cookie,
      body: { paymentMethodId: card.body.id },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('card_declined');
    const mine = await call(t.app, 'GET', `/api/m/${slug}/memberships`, { cookie });
    expect(mine.body.memberships).toEqual([]);
  });

  it("refuses another member's card like one that does not exist", async () => {
    const a = await addMember(t, owner.cookie);
    const b = await addMember(t, owner.cookie);
    const first = await signInMember(t, slug, a.email);
    const second = await signInMember(t, slug, b.email);
    const card = await call(t.app, 'POST', `/api/m/${slug}/cards`, {
      cookie: first.cookie,
      body: validCard(),
    });
    const res = await call(t.app, 'POST', `/api/m/${slug}/offers/${packId}/buy`, {
      cookie: second.cookie,
      body: { paymentMethodId: card.body.id },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Card not found');
  });

  it('sells once per Idempotency-Key, even when the same Buy arrives twice at once', async () => {
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const card = await call(t.app, 'POST', `/api/m/${slug}/cards`, { cookie, body: validCard() });
    const buy = () =>
      call(t.app, 'POST', `/api/m/${slug}/offers/${packId}/buy`, {
        cookie,
        headers: { 'idempotency-key': 'buy-pack-1' },
        body: { paymentMethodId: card.body.id },
      });
    const [a, b] = await Promise.all([buy(), buy()]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.membershipId).toBe(b.body.membershipId);
    const again = await buy();
    expect(again.status).toBe(200);
    expect(again.body.membershipId).toBe(a.body.membershipId);
    const mine = await call(t.app, 'GET', `/api/m/${slug}/memberships`, { cookie });
    expect(mine.body.memberships).toHaveLength(1);
    const payments = await call(t.app, 'GET', `/api/members/${member.id}/payments`, {
      cookie: owner.cookie,
    });
    expect(JSON.stringify(payments.body).match(/150\.00/g)).toHaveLength(1);
  });

  it('makes a card the default and removes one; the next card takes over', async () => {
    const member = await addMember(t, owner.cookie);
    const { cookie } = await signInMember(t, slug, member.email);
    const first = await call(t.app, 'POST', `/api/m/${slug}/cards`, {
      cookie,
      body: validCard({ cardLastFour: '1111' }),
    });
    const second = await call(t.app, 'POST', `/api/m/${slug}/cards`, {
      cookie,
      body: validCard({ cardLastFour: '2222' }),
    });
    const made = await call(t.app, 'POST', `/api/m/${slug}/cards/${second.body.id}/default`, {
      cookie,
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body.cards[0]).toMatchObject({ cardLastFour: '2222', isDefault: true });
    const removed = await call(t.app, 'DELETE', `/api/m/${slug}/cards/${second.body.id}`, {
      cookie,
    });
    expect(removed.body.cards).toEqual([
      expect.objectContaining({ id: first.body.id, isDefault: true }),
    ]);
    const other = await addMember(t, owner.cookie);
    const stranger = await signInMember(t, slug, other.email);
    const foreign = await call(t.app, 'DELETE', `/api/m/${slug}/cards/${first.body.id}`, {
      cookie: stranger.cookie,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('Card not found');
  });
});
