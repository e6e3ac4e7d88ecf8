import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_ENTRIES } from '@fitbase/domain/help-catalog';
import { SEARCH_KINDS, SEARCH_RESULT_LIMIT } from '@fitbase/domain/settings-constants';
import type { SearchResponse } from '@fitbase/domain/contracts/search';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember, insertMembers } from '../../../test/fixtures/members.ts';
import { addStaff } from '../../../test/fixtures/staff.ts';
import { addProduct } from '../../../test/fixtures/store.ts';
import { leads } from '../../db/schema/connect.ts';
import { scheduleClasses } from '../../db/schema/schedule.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { groupResults, searchHelp } from './search.service.ts';

// docs/product/settings-and-help.md#global-search.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function search(cookie: string, q: string): Promise<SearchResponse> {
  const res = await call(t.app, 'GET', `/api/search?${new URLSearchParams({ q }).toString()}`, {
    cookie,
  });
  expect(res.status, res.text).toBe(200);
  return res.body as SearchResponse;
}

const flat = (r: SearchResponse) => r.groups.flatMap((g) => g.results);

async function insertLead(organizationId: string, firstName: string, lastName: string) {
  const [row] = await t.deps.database.db
    .insert(leads)
    .values({ organizationId, firstName, lastName, email: `${firstName.toLowerCase()}@lead.test` })
    .returning({ id: leads.id });
  return row!.id;
}

async function insertClass(organizationId: string, name: string, archived = false) {
  const [row] = await t.deps.database.db
    .insert(scheduleClasses)
    .values({
      organizationId,
      name,
      capacity: 12,
      durationMinutes: 60,
      startsOn: '2026-01-05',
      startTime: '18:30',
      archivedAt: archived ? new Date() : null,
    })
    .returning({ id: scheduleClasses.id });
  return row!.id;
}

describe('global search', () => {
  it('finds each kind with its path, grouped in kind order', async () => {
    const owner = await createOwner(t.app);
    const org = owner.organization.id;
    const member = await addMember(t, owner.cookie, {
      firstName: 'Quentin',
      lastName: 'Zephyrine',
      email: 'quentin.z@example.com',
    });
    const leadId = await insertLead(org, 'Zephyrine', 'Lead');
    const staff = await addStaff(t.app, owner.cookie, 'trainer', {
      firstName: 'Zephyrine',
      lastName: 'Coach',
    });
    const classId = await insertClass(org, 'Zephyrine Flow');
    await insertClass(org, 'Zephyrine Archived', true);
    const product = await addProduct(t, owner.cookie, { name: 'Zephyrine Shaker', sku: 'ZS-1' });

    const res = await search(owner.cookie, 'zephyrine');
    expect(res.q).toBe('zephyrine');
    expect(res.groups.map((g) => g.kind)).toEqual(['member', 'lead', 'staff', 'class', 'product']);
    expect(res.groups.map((g) => g.label)).toEqual([
      'Members',
      'Leads',
      'Staff',
      'Classes',
      'Products',
    ]);
    const byKind = Object.fromEntries(res.groups.map((g) => [g.kind, g.results]));
    expect(byKind.member).toEqual([
      expect.objectContaining({
        id: member.id,
        title: 'Quentin Zephyrine',
        path: `/member/${member.id}`,
      }),
    ]);
    expect(byKind.lead).toEqual([
      expect.objectContaining({
        id: leadId,
        title: 'Zephyrine Lead',
        path: '/connect/sources?search=Zephyrine+Lead',
      }),
    ]);
    expect(byKind.staff).toEqual([
      expect.objectContaining({ id: staff.id, title: 'Zephyrine Coach', path: '/staff' }),
    ]);
    expect(byKind.staff![0]!.subtitle).toContain(staff.email);
    // An archived class is not offered.
    expect(byKind.class).toEqual([
      expect.objectContaining({ id: classId, title: 'Zephyrine Flow', path: '/schedule' }),
    ]);
    expect(byKind.product).toEqual([
      expect.objectContaining({
        id: product.id,
        title: 'Zephyrine Shaker',
        path: '/store/products?search=Zephyrine+Shaker',
      }),
    ]);

    // Members by their whole email (equality: a part with '.' or '@' is not searched, see
    // looksLikeAddress) and products by SKU; case does not matter.
    expect(flat(await search(owner.cookie, 'QUENTIN.Z@Example.com')).map((r) => r.id)).toEqual([
      member.id,
    ]);
    expect(flat(await search(owner.cookie, 'zs-1')).map((r) => r.id)).toEqual([product.id]);
  });

  it('finds help articles by the words of their title or summary', async () => {
    const owner = await createOwner(t.app);
    const entry = HELP_ENTRIES[0]!;
    const res = await search(owner.cookie, entry.title.toLowerCase());
    const help = res.groups.find((g) => g.kind === 'help');
    expect(help?.results[0]).toMatchObject({
      id: entry.slug,
      kind: 'help',
      title: entry.title,
      path: `/help?article=${entry.slug}`,
    });
    // Unit: every query word must start a word; title matches rank above summary matches.
    const entries = [
      { slug: 'a', kind: 'faq' as const, title: 'Billing basics', summary: 'Plans and invoices' },
      { slug: 'b', kind: 'article' as const, title: 'Invoices', summary: 'Everything billed' },
      { slug: 'c', kind: 'article' as const, title: 'Rebill', summary: 'Charge again' },
    ];
    expect(searchHelp('bill', entries).map((r) => [r.id, r.tier])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(searchHelp('invoices', entries).map((r) => [r.id, r.tier])).toEqual([
      ['a', 2],
      ['b', 0],
    ]);
    expect(searchHelp('zzzz', entries)).toEqual([]);
  });

  it('ranks exact before word prefix before contains before similar', async () => {
    const owner = await createOwner(t.app);
    const contains = await addMember(t, owner.cookie, { firstName: 'Amarko', lastName: 'Vale' });
    const prefix = await addMember(t, owner.cookie, { firstName: 'Markova', lastName: 'Vale' });
    const wordPrefix = await addMember(t, owner.cookie, { firstName: 'Ann', lastName: 'Markov' });
    const exact = await addMember(t, owner.cookie, { firstName: 'Markov', lastName: 'Vale' });
    const ids = flat(await search(owner.cookie, 'markov vale')).map((r) => r.id);
    expect(ids[0]).toBe(exact.id);
    expect(ids).toContain(prefix.id);

    const order = flat(await search(owner.cookie, 'markov')).map((r) => r.id);
    // 'Markov Vale' and 'Markova Vale' start with it, 'Ann Markov' has a word starting with it,
    // 'Amarko Vale' does not contain it: at best similar, so after them.
    expect(order.slice(0, 3).sort()).toEqual([exact.id, prefix.id, wordPrefix.id].sort());
    const inside = flat(await search(owner.cookie, 'arko')).map((r) => r.id);
    // Every one contains 'arko'; none starts a word with it.
    expect(inside.sort()).toEqual([contains.id, prefix.id, wordPrefix.id, exact.id].sort());

    // A typo still finds the name (trigram word similarity), after every real match.
    const typo = await addMember(t, owner.cookie, { firstName: 'Bartholomew', lastName: 'Quist' });
    const fuzzy = flat(await search(owner.cookie, 'bartholomeu'));
    expect(fuzzy.map((r) => r.id)).toContain(typo.id);

    const sorted = groupResults('x', [
      { id: '1', kind: 'member', title: 'B', subtitle: null, path: '/', tier: 3, score: 0.7 },
      { id: '2', kind: 'member', title: 'C', subtitle: null, path: '/', tier: 3, score: 0.9 },
      { id: '3', kind: 'help', title: 'A', subtitle: null, path: '/', tier: 0, score: 0 },
      { id: '4', kind: 'member', title: 'A', subtitle: null, path: '/', tier: 2, score: 0 },
    ]);
    expect(sorted.groups.map((g) => [g.kind, g.results.map((r) => r.id)])).toEqual([
      ['member', ['4', '2', '1']],
      ['help', ['3']],
    ]);
  });

  it('returns at most 20 results in all', async () => {
    const owner = await createOwner(t.app);
    await insertMembers(t, owner.organization.id, 30, (i) => ({
      firstName: 'Limitless',
      lastName: `Person ${i}`,
    }));
    for (let i = 0; i < 3; i++) await insertLead(owner.organization.id, 'Limitless', `Lead ${i}`);
    const res = await search(owner.cookie, 'limitless');
    expect(res.total).toBe(SEARCH_RESULT_LIMIT);
    expect(flat(res)).toHaveLength(SEARCH_RESULT_LIMIT);
    for (const group of res.groups) expect(SEARCH_KINDS).toContain(group.kind);
  });

  it("never returns another studio's records", async () => {
    const mine = await createOwner(t.app);
    const theirs = await createOwner(t.app);
    await addMember(t, theirs.cookie, { firstName: 'Ottoline', lastName: 'Foreign' });
    await insertLead(theirs.organization.id, 'Ottoline', 'Foreign');
    await insertClass(theirs.organization.id, 'Ottoline Foreign Class');
    await addProduct(t, theirs.cookie, { name: 'Ottoline Foreign Bar', sku: 'OFB-1' });
    await addStaff(t.app, theirs.cookie, 'staff', { firstName: 'Ottoline', lastName: 'Foreign' });
    const own = await addMember(t, mine.cookie, { firstName: 'Ottoline', lastName: 'Local' });

    const res = await search(mine.cookie, 'ottoline');
    expect(flat(res).map((r) => r.id)).toEqual([own.id]);
    expect((await search(theirs.cookie, 'ottoline')).total).toBe(5);

    // The members' search function runs outside row-level security: it takes the studio from the
    // transaction's own setting only, and answers nothing without one.
    const idsFound = async (organizationId: string | null) => {
      const query = sql`select id from fitbase_search_members(2, 'ottoline', 'ottoline', true, 20)`;
      const result = organizationId
        ? await runInStudio(t.deps.database.db, organizationId, (tx) => tx.execute(query))
        : await t.deps.database.db.execute(query);
      return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
    };
    expect(await idsFound(mine.organization.id)).toEqual([own.id]);
    expect(await idsFound(theirs.organization.id)).toHaveLength(1);
    expect(await idsFound(null)).toEqual([]);
  });

  it('validates the query: empty answers nothing, over 100 characters is refused', async () => {
    const owner = await createOwner(t.app);
    await addMember(t, owner.cookie, { firstName: 'Percival', lastName: 'Short' });
    expect(await search(owner.cookie, '')).toEqual({ q: '', groups: [], total: 0 });
    expect(await search(owner.cookie, '   ')).toEqual({ q: '', groups: [], total: 0 });
    const none = await call(t.app, 'GET', '/api/search', { cookie: owner.cookie });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ q: '', groups: [], total: 0 });
    // One or two characters match word starts only.
    expect(flat(await search(owner.cookie, 'p')).map((r) => r.title)).toContain('Percival Short');
    expect(flat(await search(owner.cookie, 'sh')).map((r) => r.title)).toContain('Percival Short');
    expect(flat(await search(owner.cookie, 'rc')).map((r) => r.title)).not.toContain(
      'Percival Short',
    );
    // LIKE wildcards are plain characters.
    expect((await search(owner.cookie, '%')).total).toBe(0);
    expect((await search(owner.cookie, '_e')).total).toBe(0);

    const long = await call(t.app, 'GET', `/api/search?q=${'a'.repeat(101)}`, {
      cookie: owner.cookie,
    });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('validation_error');
    const anonymous = await call(t.app, 'GET', '/api/search?q=a');
    expect(anonymous.status).toBe(401);
  });
});
