import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FILES, type ExportFileName } from '@fitbase/domain/export-dictionary';
import {
  call,
  createOwner,
  createTestApp,
  TEST_ORIGIN,
  type TestContext,
} from '../../../test/test-app.ts';
import { addMember, personWithRole } from '../../../test/fixtures/members.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { memberVisits } from '../../db/schema/members.ts';
import { products } from '../../db/schema/money.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import {
  DOWNLOAD_LINK_MINUTES,
  exportLinkToken,
  LINK_EXPIRED_MESSAGE,
  LINK_INVALID_MESSAGE,
  LINK_NOT_OWNER_MESSAGE,
  LINK_OUTDATED_MESSAGE,
  sendExportLinkEmail,
  streamStudioExport,
} from './data-export.service.ts';
import { exportEmailJob } from './data-export.jobs.ts';
import { exportPageQuery, FIRST_KEY, selectExportPage } from './data-export.sql.ts';

// docs/product/settings-and-help.md#data-export.

let t: TestContext;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'fitbase-export-test-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

/** The files of a ZIP, in order, and a reader of one as parsed CSV rows (via Info-ZIP unzip). */
function openZip(bytes: Buffer) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, bytes);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  const text = (name: string) => execFileSync('unzip', ['-p', file, name], { encoding: 'utf8' });
  const rows = (name: string) =>
    parse(text(name), { columns: true, bom: false }) as Record<string, string>[];
  const header = (name: string) => text(name).split('\r\n')[0]!;
  return { names, text, rows, header };
}

async function download(urlPath: string, cookie?: string) {
  const response = await t.app.request(`${TEST_ORIGIN}${urlPath}`, {
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes };
}

/** The signed link's download as the export page posts it (a form) or an API client (JSON). */
async function postToken(token: string, as: 'form' | 'json') {
  const response = await t.app.request(`${TEST_ORIGIN}/api/public/data/export`, {
    method: 'POST',
    headers: {
      origin: TEST_ORIGIN,
      'content-type': as === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    body: as === 'form' ? new URLSearchParams({ token }).toString() : JSON.stringify({ token }),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes };
}

/** The same post, its answer read as JSON or text. */
async function callToken(token: string, accept?: string) {
  return call(t.app, 'POST', '/api/public/data/export', {
    body: { token },
    headers: accept ? { accept } : {},
  });
}

describe('data export', () => {
  it('streams every file as CSV with the dictionary and the manifest last', async () => {
    const owner = await createOwner(t.app);
    const orgId = owner.organization.id;
    const ann = await addMember(t, owner.cookie, {
      firstName: '=HYPERLINK("http://evil")',
      lastName: 'Formula',
      email: 'ann.export@example.com',
      phone: '+1 555 0100',
      dateOfBirth: '1990-02-03',
    });
    await t.deps.database.db.insert(products).values({
      organizationId: orgId,
      name: 'Protein bar',
      sku: 'BAR-1',
      price: '12.50',
    });
    await t.deps.database.db.insert(memberVisits).values({
      organizationId: orgId,
      memberId: ann.id,
      visitDate: new Date('2026-03-04T05:06:07.089Z'),
    });

    const paid = await call(t.app, 'POST', '/api/payments', {
      cookie: owner.cookie,
      body: { memberId: ann.id, amount: '20.00', description: 'Drop-in', method: 'cash' },
    });
    expect(paid.status, paid.text).toBe(201);

    const { response, bytes } = await download('/api/data/export', owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="fitbase-export-${owner.organization.slug}-${day}.zip"`,
    );

    const zip = openZip(bytes);
    expect(zip.names).toEqual([
      'data-dictionary.csv',
      ...EXPORT_FILES.map((f) => f.file),
      'manifest.json',
    ]);
    for (const file of EXPORT_FILES)
      expect(zip.header(file.file)).toBe(file.columns.map((c) => c.name).join(','));

    const [member] = zip.rows('members.csv');
    expect(member).toMatchObject({
      id: ann.id,
      // A spreadsheet must show the text, not run it.
      first_name: `'=HYPERLINK("http://evil")`,
      last_name: 'Formula',
      email: 'ann.export@example.com',
      // A leading + is a formula to a spreadsheet too.
      phone: "'+1 555 0100",
      date_of_birth: '1990-02-03',
      marketing_consent: 'false',
      unsubscribed_at: '',
    });
    expect(member!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(zip.rows('products.csv')[0]).toMatchObject({ name: 'Protein bar', price: '12.50' });
    // Each paid charge's numbered receipt (docs/product/money-and-store.md#receipts).
    expect(zip.rows('payments.csv')).toMatchObject([
      { id: paid.body.id, amount: '20.00', receipt_number: 'R-000001' },
    ]);
    expect(zip.rows('visits.csv')).toEqual([
      expect.objectContaining({
        member_id: ann.id,
        member_email: 'ann.export@example.com',
        visit_date: '2026-03-04T05:06:07.089Z',
        visit_type: 'check_in',
      }),
    ]);
    const staff = zip.rows('staff.csv');
    expect(staff).toEqual([expect.objectContaining({ email: owner.email, role: 'owner' })]);

    const manifest = JSON.parse(zip.text('manifest.json'));
    expect(manifest.studio).toMatchObject({ id: orgId, slug: owner.organization.slug });
    expect(manifest.fitbaseVersion).toEqual(expect.any(String));
    expect(Date.parse(manifest.generatedAt)).not.toBeNaN();
    const counts = Object.fromEntries(
      manifest.files.map((f: { name: string; rows: number }) => [f.name, f.rows]),
    );
    expect(counts).toMatchObject({
      'members.csv': 1,
      'products.csv': 1,
      'visits.csv': 1,
      'staff.csv': 1,
      'leads.csv': 0,
    });
    expect(zip.text('data-dictionary.csv')).toContain('members.csv,email,text,');
  });

  it("holds only the studio's own rows", async () => {
    const mine = await createOwner(t.app);
    const theirs = await createOwner(t.app);
    await addMember(t, mine.cookie, { email: 'mine@example.com' });
    await addMember(t, theirs.cookie, { email: 'theirs@example.com' });
    const { bytes } = await download('/api/data/export', mine.cookie);
    const emails = openZip(bytes)
      .rows('members.csv')
      .map((m) => m.email);
    expect(emails).toEqual(['mine@example.com']);
  });

  it('reads large tables page by page without losing or repeating a row', async () => {
    const owner = await createOwner(t.app);
    const made = [];
    for (let i = 0; i < 7; i++) made.push((await addMember(t, owner.cookie)).id);
    const stream = streamStudioExport(
      t.deps.database.db,
      owner.organization.id,
      { name: 'Paged', slug: 'paged' },
      { pageSize: 2 },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const ids = openZip(Buffer.concat(chunks))
      .rows('members.csv')
      .map((m) => m.id);
    expect(ids).toEqual([...made].sort());
  });

  it('streams pages row by row on PostgreSQL, with the values of a whole page', async () => {
    const owner = await createOwner(t.app);
    const orgId = owner.organization.id;
    await addMember(t, owner.cookie, {
      firstName: 'Zoë "Z", née',
      email: 'streamed@example.com',
      notes: 'two\r\nlines, "quoted"',
    });
    await addMember(t, owner.cookie, { email: 'streamed.too@example.com' });
    const { db, kind } = t.deps.database;
    for (const file of EXPORT_FILES) {
      const name = file.file as ExportFileName;
      const { whole, streamed } = await runInStudio(db, orgId, async (tx, unit) => {
        const rows: Array<Record<string, string | null>> = [];
        const count = unit.stream(exportPageQuery(name, orgId, FIRST_KEY, 100), (row, columns) =>
          rows.push(Object.fromEntries(columns.map((column, i) => [column, row[i]!]))),
        );
        const streamed = count === null ? null : { count: await count, rows };
        return { whole: await selectExportPage(tx, name, orgId, FIRST_KEY, 100), streamed };
      });
      if (kind === 'pglite') {
        expect(streamed, name).toBeNull();
        continue;
      }
      // A whole page collected at once outlives enough garbage collections to stay in the old
      // generation: at a million members the server's memory rose 160-190 MB.
      expect(streamed, name).not.toBeNull();
      expect(streamed!.count, name).toBe(whole.length);
      expect(streamed!.rows, name).toEqual(whole);
    }
  });

  it('is for owners only', async () => {
    const owner = await createOwner(t.app);
    for (const role of ['admin', 'trainer'] as const) {
      const person = await personWithRole(t, owner.organization.id, role);
      const res = await call(t.app, 'GET', '/api/data/export', { cookie: person.cookie });
      expect(res.status, role).toBe(403);
      const link = await call(t.app, 'POST', '/api/data/export-links', {
        cookie: person.cookie,
        body: {},
      });
      expect(link.status, role).toBe(403);
    }
  });

  it('downloads through a signed link without a session, until it expires', async () => {
    const owner = await createOwner(t.app);
    await addMember(t, owner.cookie, { email: 'linked@example.com' });
    const res = await call(t.app, 'POST', '/api/data/export-links', {
      cookie: owner.cookie,
      body: {},
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.emailed).toBe(false);
    // Followed by the browser at once: minutes, not the emailed link's days.
    const minutes = (Date.parse(res.body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(DOWNLOAD_LINK_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(DOWNLOAD_LINK_MINUTES);
    // The link is a page that posts the token; the token is in the fragment, never sent.
    const url = new URL(res.body.url);
    expect(url.origin).toBe(TEST_ORIGIN);
    expect(url.pathname).toBe('/export-download');
    const token = new URLSearchParams(url.hash.slice(1)).get('token')!;
    expect(token).toBe(res.body.token);

    // As the page posts it (a form), and as an API client would (JSON).
    const { response, bytes } = await postToken(token, 'form');
    expect(response.status).toBe(200);
    expect(openZip(bytes).rows('members.csv')[0]!.email).toBe('linked@example.com');

    const json = await postToken(token, 'json');
    expect(json.response.status).toBe(200);
    expect(json.response.headers.get('content-type')).toBe('application/zip');
    // The old address with the token in the path no longer downloads, even with a valid token.
    const oldPath = await call(t.app, 'GET', `/api/public/data/export/${token}`);
    expect(oldPath.status).toBe(404);
    expect(oldPath.body.error.message).toBe(LINK_OUTDATED_MESSAGE);
    const oldPage = await call(t.app, 'GET', `/api/public/data/export/${token}`, {
      headers: { accept: 'text/html' },
    });
    expect(oldPage.status).toBe(404);
    expect(oldPage.text).toContain('This export link does not work');
    const missing = await postToken('', 'form');
    expect(missing.response.status).toBe(400);

    // One character changed: the signature no longer matches.
    const tampered = token.slice(0, 5) + (token[5] === 'A' ? 'B' : 'A') + token.slice(6);
    const bad = await callToken(tampered);
    expect(bad.status).toBe(404);
    expect(bad.body.error.message).toBe(LINK_INVALID_MESSAGE);

    const secret = t.deps.config.authSecret;
    const past = new Date(Date.now() - 1000);
    const expired = exportLinkToken(secret, owner.organization.id, owner.userId, past);
    const old = await callToken(expired);
    expect(old.status).toBe(404);
    expect(old.body.error.message).toBe(LINK_EXPIRED_MESSAGE);
    // Opened in a browser, the same answer is a page a person can read.
    const page = await callToken(expired, 'text/html,application/xhtml+xml');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('This export link does not work');
    expect(page.text).toContain(LINK_EXPIRED_MESSAGE.replace(/'/g, '&#39;'));

    // Another studio's id in a token of the owner: they are not an owner there.
    const other = await createOwner(t.app);
    const future = new Date(Date.now() + 60_000);
    const foreign = exportLinkToken(secret, other.organization.id, owner.userId, future);
    const refused = await callToken(foreign);
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe(LINK_NOT_OWNER_MESSAGE);

    // Demoted to admin: the link they were given stops working.
    await t.deps.database.db
      .update(organizationUsers)
      .set({ role: 'admin' })
      .where(
        sql`${organizationUsers.organizationId} = ${owner.organization.id} and ${organizationUsers.userId} = ${owner.userId}`,
      );
    const demoted = await callToken(token);
    expect(demoted.status).toBe(404);
    expect(demoted.body.error.message).toBe(LINK_NOT_OWNER_MESSAGE);
  });

  it('emails the link to the owner who asked, through the job', async () => {
    const owner = await createOwner(t.app);
    const res = await call(t.app, 'POST', '/api/data/export-links', {
      cookie: owner.cookie,
      body: { email: true },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.emailed).toBe(true);
    const days = (Date.parse(res.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const jobs = await t.deps.database.executeSql(
      `select data from pgboss.job where name = 'data.export-email' and data->>'organizationId' = $1`,
      [owner.organization.id],
    );
    expect(jobs.rows).toHaveLength(1);
    const before = t.mail.length;
    await sendExportLinkEmail(
      t.deps,
      exportEmailJob.payload.parse((jobs.rows[0] as { data: unknown }).data),
    );
    const sent = t.mail.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: owner.email });
    expect(sent[0]!.subject).toContain('data export');
    expect(sent[0]!.text).toContain(res.body.url);
    expect(sent[0]!.text).toContain('7 days');
  });
});
