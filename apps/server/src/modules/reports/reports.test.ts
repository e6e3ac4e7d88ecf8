import { REPORT_IDS, REPORTS, moneyHeader, reportDefinition } from '@fitbase/domain/report-catalog';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../../test/fixtures/members.ts';
import { addStaff } from '../../../test/fixtures/staff.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { reportHandler } from './report-registry.ts';

// The reports framework (docs/product/reports-and-analytics.md): every catalog id answers, the
// query is checked before any SQL runs (400 with words a person can act on), the CSV export's
// headers, and who may see reports at all.

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
});
afterAll(async () => t?.close());

const get = (path: string, cookie = owner.cookie) => call(t.app, 'GET', path, { cookie });

type Cell = string | number | null;
/** The money, count and percent cells of a row that are not zero (or empty). */
function nonZero(columns: Array<{ key: string; kind: string }>, row: Record<string, Cell>) {
  return columns
    .filter((c) => ['money', 'integer', 'percent'].includes(c.kind))
    .map((c) => [c.key, row[c.key] ?? null] as const)
    .filter(([, v]) => v !== null && Number(v) !== 0);
}

describe('the report registry', () => {
  it('has a handler for every report id of the catalog', () => {
    for (const id of REPORT_IDS) expect(reportHandler(id).id, id).toBe(id);
  });

  it('answers every report and tab of a new studio with 200 and the catalog words', async () => {
    for (const entry of REPORTS)
      for (const tab of entry.tabs.length ? entry.tabs.map((x) => x.id) : [null]) {
        const res = await get(`/api/reports/${entry.id}${tab ? `?tab=${tab}` : ''}`);
        expect(res.status, `${entry.id} ${tab}: ${res.text}`).toBe(200);
        expect(res.body).toMatchObject({
          report: entry.id,
          tab,
          definition: reportDefinition(entry, 'USD'),
          pageSize: entry.pageSize,
          page: 1,
        });
        // A new studio: no figures made up. A table of calendar buckets may list its days,
        // each with zero amounts and counts; any other table is empty.
        expect(res.body.columns.length, entry.id).toBeGreaterThan(0);
        expect(res.body.rows.length, entry.id).toBeLessThanOrEqual(entry.pageSize);
        for (const r of res.body.rows) expect(nonZero(res.body.columns, r), entry.id).toEqual([]);
        for (const f of res.body.figures)
          expect(nonZero([f], { [f.key]: f.value }), `${entry.id} ${f.key}`).toEqual([]);
        expect(res.body.columns.map((c: { key: string }) => c.key)).toContain(res.body.sort);
      }
  });
});

describe("another studio's records", () => {
  // The report routes take a report's name, not a record id, so the generated isolation test
  // (context/access.test.ts) has no foreign id to try: this is their isolation test.
  it('never reach a report: a studio sees only its own sales, members and bookings', async () => {
    const other = await createOwner(t.app, 'pro');
    const plan = await call(t.app, 'POST', '/api/plans', {
      cookie: other.cookie,
      body: {
        name: 'Ten Pack',
        kind: 'class_pack',
        price: '150.00',
        credits: 10,
        validityDays: 90,
      },
    });
    expect(plan.status, plan.text).toBe(201);
    const member = await addMember(t, other.cookie);
    const sold = await call(t.app, 'POST', `/api/members/${member.id}/memberships`, {
      cookie: other.cookie,
      body: { planId: plan.body.id, method: 'cash' },
    });
    expect(sold.status, sold.text).toBe(201);
    const theirs = await get('/api/reports/transactions', other.cookie);
    expect(theirs.body.rows).toHaveLength(1);

    for (const entry of REPORTS) {
      const res = await get(`/api/reports/${entry.id}?period=year`);
      expect(res.status, entry.id).toBe(200);
      for (const r of res.body.rows) expect(nonZero(res.body.columns, r), entry.id).toEqual([]);
      expect(JSON.stringify(res.body.rows), entry.id).not.toContain(member.id);
    }
    const packs = await get('/api/reports/credit-packs');
    expect(packs.body.total).toBe(0);
    const mine = await call(t.app, 'GET', '/api/reports/transactions/export', {
      cookie: owner.cookie,
    });
    expect(mine.text.trim().split('\n')).toHaveLength(1);
  });
});

describe('query validation', () => {
  it('refuses an unknown period, a custom period without dates or backwards or too long', async () => {
    const cases: Array<[string, string]> = [
      ['period=decade', 'Period is week, month, quarter, year or custom'],
      ['period=custom', 'Choose a start and an end date.'],
      ['period=custom&from=2026-03-10&to=2026-03-01', 'The end date is before the start date.'],
      [
        'period=custom&from=2024-01-01&to=2026-01-02',
        'A custom period can span at most two years (731 days).',
      ],
      ['date=2026-13-40', 'Dates are YYYY-MM-DD'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/reports/sales?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code, query).toBe('validation_error');
      expect(res.text, query).toContain(message);
    }
  });

  it('accepts a custom period of exactly 731 days', async () => {
    const res = await get('/api/reports/sales?period=custom&from=2024-01-01&to=2025-12-31');
    expect(res.status, res.text).toBe(200);
    expect(res.body.period).toMatchObject({ from: '2024-01-01', to: '2025-12-31' });
  });

  it('names the tabs a report has when asked for another', async () => {
    const res = await get('/api/reports/sales?tab=chart');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Sales has the tabs overview, breakdown.');
    const none = await get('/api/reports/payouts?tab=overview');
    expect(none.status, none.text).toBe(200);
    expect(none.body.tab).toBeNull();
  });

  it('names the sortable columns when asked to sort by another, and checks the direction', async () => {
    const res = await get('/api/reports/transactions?sort=password');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^Transactions sorts by .+\.$/);
    const sortable = reportHandler('transactions')
      .columns(null)
      .filter((c) => c.sortable)
      .map((c) => c.key);
    expect(res.body.error.message).toBe(`Transactions sorts by ${sortable.join(', ')}.`);
    const dir = await get(`/api/reports/transactions?sort=${sortable[0]}&dir=up`);
    expect(dir.status).toBe(400);
    expect(dir.text).toContain('Direction is asc or desc');
    const ok = await get(`/api/reports/transactions?sort=${sortable[0]}&dir=asc`);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ sort: sortable[0], dir: 'asc' });
  });

  it('refuses a page below 1', async () => {
    const res = await get('/api/reports/sales?page=0');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
  });

  it('answers an unknown report with 400 (the path names no report of the catalog)', async () => {
    for (const path of ['/api/reports/profits', '/api/reports/profits/export']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe('validation_error');
    }
  });

  it('checks the export query before the download starts', async () => {
    const res = await get('/api/reports/sales/export?period=custom&from=2026-03-10');
    expect(res.status).toBe(400);
    expect(res.text).toContain('Choose a start and an end date.');
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});

describe('CSV export', () => {
  it('streams text/csv with an attachment name of report, tab and period, headed by the column labels (money ones naming the currency)', async () => {
    for (const entry of REPORTS) {
      const tab = entry.tabs[1]?.id ?? entry.tabs[0]?.id ?? null;
      const res = await get(
        `/api/reports/${entry.id}/export?period=custom&from=2026-01-01&to=2026-01-31${tab ? `&tab=${tab}` : ''}`,
      );
      expect(res.status, `${entry.id}: ${res.text}`).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      // A report that ignores the period exports its own window (today onwards), named by it.
      const disposition = res.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(
        new RegExp(
          `^attachment; filename="${entry.id}${tab ? `-${tab}` : ''}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`,
        ),
      );
      if (entry.usesPeriod) expect(disposition).toContain('-2026-01-01-2026-01-31.csv');
      const rows = parse(res.text) as string[][];
      expect(rows[0], entry.id).toEqual(
        reportHandler(entry.id)
          .columns(tab)
          .map((c) => (c.kind === 'money' ? moneyHeader(c.label, 'USD') : c.label)),
      );
      const columns = reportHandler(entry.id).columns(tab);
      for (const line of rows.slice(1)) {
        const row = Object.fromEntries(columns.map((c, i) => [c.key, line[i] || null]));
        expect(nonZero(columns, row), `${entry.id}: a new studio exports no amounts`).toEqual([]);
      }
    }
  });
});

describe('permissions', () => {
  it('lets an admin read reports and refuses a trainer and front-desk staff with 403', async () => {
    const admin = await addStaff(t.app, owner.cookie, 'admin');
    const trainer = await addStaff(t.app, owner.cookie, 'trainer');
    const staff = await addStaff(t.app, owner.cookie, 'staff');
    expect((await get('/api/reports/sales', admin.cookie)).status).toBe(200);
    for (const person of [trainer, staff])
      for (const path of ['/api/reports/sales', '/api/reports/transactions/export']) {
        const res = await get(path, person.cookie);
        expect(res.status, path).toBe(403);
        expect(res.body.error.code).toBe('forbidden');
      }
    const anonymous = await call(t.app, 'GET', '/api/reports/sales');
    expect(anonymous.status).toBe(401);
  });
});
