import { autoMapHeaders } from '@fitbase/domain/import-mapping';
import type { ImportKind } from '@fitbase/domain/settings-constants';
import { IMPORT_MAX_BYTES } from '@fitbase/domain/settings-constants';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { leads } from '../../db/schema/connect.ts';
import { memberVisits, members } from '../../db/schema/members.ts';
import { memberships } from '../../db/schema/money.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { dataImports } from '../../db/schema/settings.ts';
import { runImportJob } from './data-import-job.service.ts';

// docs/product/settings-and-help.md, "Data in and out": CSV import.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Owner = Awaited<ReturnType<typeof createOwner>>;

function body(kind: ImportKind, text: string, extra: Record<string, unknown> = {}) {
  const headers = (parse(text, { bom: true, to_line: 1 }) as string[][])[0] ?? [];
  return {
    kind,
    fileName: `${kind}.csv`,
    text,
    mapping: autoMapHeaders(kind, headers),
    dateFormat: 'YYYY-MM-DD',
    ...extra,
  };
}

async function dryRun(owner: Owner, kind: ImportKind, text: string, extra = {}) {
  const res = await call(t.app, 'POST', '/api/imports/dry-run', {
    cookie: owner.cookie,
    body: body(kind, text, extra),
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Starts the import and runs its job here, as the worker would. */
async function runImport(owner: Owner, kind: ImportKind, text: string, extra = {}) {
  const res = await call(t.app, 'POST', '/api/imports', {
    cookie: owner.cookie,
    body: body(kind, text, extra),
  });
  expect(res.status, res.text).toBe(202);
  expect(res.body.status).toBe('queued');
  await runImportJob(t.deps, { organizationId: owner.organization.id, importId: res.body.id });
  const done = await call(t.app, 'GET', `/api/imports/${res.body.id}`, { cookie: owner.cookie });
  expect(done.status, done.text).toBe(200);
  return done.body;
}

async function membersOf(organizationId: string) {
  return t.deps.database.db
    .select()
    .from(members)
    .where(eq(members.organizationId, organizationId))
    .orderBy(members.email);
}

const MEMBERS_WITH_BAD_ROWS = [
  'First Name,Last Name,Email,Mobile Phone,Birth Date',
  'Ana,Lopez,ana@example.com,555-0101,1990-04-02',
  'Ben,Okafor,not-an-email,555-0102,1985-11-30',
  'Cleo,,cleo@example.com,,',
  'Dev,Patel,dev@example.com,,1990-02-30',
  'Eve,Stone,eve@example.com,,',
].join('\r\n');

describe('dry run', () => {
  it('reports each bad row by its row number in the file and writes nothing', async () => {
    const owner = await createOwner(t.app);
    const report = await dryRun(owner, 'members', MEMBERS_WITH_BAD_ROWS);
    expect(report).toEqual({
      totalRows: 5,
      toCreate: 2,
      skipped: 0,
      errorCount: 3,
      errors: [
        { row: 3, message: 'email is not valid' },
        { row: 4, message: 'last name is required' },
        { row: 5, message: 'date of birth is not a date in the format YYYY-MM-DD' },
      ],
    });
    expect(await membersOf(owner.organization.id)).toEqual([]);
  });

  it('refuses a mapping without a required field and a file that is not CSV', async () => {
    const owner = await createOwner(t.app);
    const res = await call(t.app, 'POST', '/api/imports/dry-run', {
      cookie: owner.cookie,
      body: body('members', 'First Name,Email\nAna,ana@example.com'),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields['mapping.lastName']).toBe('Choose the column for Last name');
    const broken = await call(t.app, 'POST', '/api/imports/dry-run', {
      cookie: owner.cookie,
      body: body('members', 'First Name,Last Name,Email\n"Ana,Lopez,ana@example.com'),
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toMatch(/not valid CSV/);
  });
});

describe('import', () => {
  it('imports the good rows through the job, and a second run creates nothing new', async () => {
    const owner = await createOwner(t.app);
    const first = await runImport(owner, 'members', `\ufeff${MEMBERS_WITH_BAD_ROWS}`);
    expect(first).toMatchObject({
      status: 'completed',
      totalRows: 5,
      processedRows: 5,
      createdCount: 2,
      skippedCount: 0,
      errorCount: 3,
    });
    expect(first.errors[0]).toEqual({ row: 3, message: 'email is not valid' });
    expect(first.undoUntil).not.toBeNull();
    const rows = await membersOf(owner.organization.id);
    expect(rows.map((m) => [m.firstName, m.email, m.phone, m.dateOfBirth])).toEqual([
      ['Ana', 'ana@example.com', '555-0101', '1990-04-02'],
      ['Eve', 'eve@example.com', null, null],
    ]);

    const again = await runImport(
      owner,
      'members',
      MEMBERS_WITH_BAD_ROWS.replace('ana@example.com', 'ANA@Example.com'),
    );
    expect(again).toMatchObject({ status: 'completed', createdCount: 0, skippedCount: 2 });
    expect(await membersOf(owner.organization.id)).toHaveLength(2);

    const list = await call(t.app, 'GET', '/api/imports', { cookie: owner.cookie });
    expect(list.body.imports.map((i: { id: string }) => i.id)).toEqual([again.id, first.id]);
  });

  it('a row the database refuses does not stop the others', async () => {
    const owner = await createOwner(t.app);
    // A trigger stands in for any failure zod cannot foresee.
    await t.deps.database.db.execute(
      sql.raw(`
      create function import_test_refuse() returns trigger language plpgsql as $$
      begin if new.first_name = 'Boom' then raise exception 'refused for the test'; end if; return new; end $$`),
    );
    await t.deps.database.db.execute(
      sql.raw(`
      create trigger import_test_refuse before insert on members for each row execute function import_test_refuse();`),
    );
    try {
      const csv =
        'First name,Last name,Email\nAna,A,a@example.com\nBoom,B,b@example.com\nCy,C,c@example.com\n';
      const result = await runImport(owner, 'members', csv);
      expect(result).toMatchObject({ status: 'completed', createdCount: 2, errorCount: 1 });
      expect(result.errors[0].row).toBe(3);
      expect(result.errors[0].message).toMatch(/^could not be saved/);
      expect((await membersOf(owner.organization.id)).map((m) => m.firstName)).toEqual([
        'Ana',
        'Cy',
      ]);
    } finally {
      await t.deps.database.db.execute(
        sql.raw(`
drop trigger import_test_refuse on members`),
      );
      await t.deps.database.db.execute(sql.raw(`drop function import_test_refuse()`));
    }
  });

  it("respects the plan's member limit with a message naming it", async () => {
    const owner = await createOwner(t.app, 'basic');
    await t.deps.database.db
      .update(organizations)
      .set({ maxMembers: 3 })
      .where(eq(organizations.id, owner.organization.id));
    await addMember(t, owner.cookie, { email: 'first@example.com' });
    const csv =
      'First name,Last name,Email\nA,A,a@example.com\nB,B,b@example.com\nC,C,c@example.com\n';
    const limit = 'your plan allows 3 members (Basic); upgrade in Settings › Billing';
    const report = await dryRun(owner, 'members', csv);
    expect(report).toMatchObject({ toCreate: 2, errors: [{ row: 4, message: limit }] });
    const result = await runImport(owner, 'members', csv);
    expect(result).toMatchObject({
      createdCount: 2,
      errorCount: 1,
      errors: [{ row: 4, message: limit }],
    });
    expect(await membersOf(owner.organization.id)).toHaveLength(3);
  });

  it('stores formula-looking values as text, and takes back FitBase’s own escaping', async () => {
    const owner = await createOwner(t.app);
    const csv = [
      'first_name,last_name,email,phone,notes',
      `"=HYPERLINK(""http://x"")",@cmd,f@example.com,'+1 555 0100,-2+3`,
    ].join('\n');
    const result = await runImport(owner, 'members', csv);
    expect(result.createdCount).toBe(1);
    const [m] = await membersOf(owner.organization.id);
    expect([m!.firstName, m!.lastName, m!.phone, m!.notes]).toEqual([
      '=HYPERLINK("http://x")',
      '@cmd',
      '+1 555 0100',
      '-2+3',
    ]);
  });

  it('refuses a file over IMPORT_MAX_BYTES with 413 naming the limit', async () => {
    const owner = await createOwner(t.app);
    const big = `First name,Last name,Email\n${'x'.repeat(IMPORT_MAX_BYTES)}`;
    const res = await call(t.app, 'POST', '/api/imports', {
      cookie: owner.cookie,
      body: body('members', big),
    });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toMatch(/50 MB \(IMPORT_MAX_BYTES\)/);
    const huge = `First name,Last name,Email\n${'x'.repeat(IMPORT_MAX_BYTES * 1.3)}`;
    const refused = await call(t.app, 'POST', '/api/imports/dry-run', {
      cookie: owner.cookie,
      body: body('members', huge),
    });
    expect(refused.status).toBe(413);
    expect(refused.body.error.message).toMatch(/IMPORT_MAX_BYTES/);
    const count = await t.deps.database.db.$count(
      dataImports,
      eq(dataImports.organizationId, owner.organization.id),
    );
    expect(count).toBe(0);
  });
});

describe('memberships, visits and leads', () => {
  it('import against existing members and plans, idempotently', async () => {
    const owner = await createOwner(t.app);
    const member = await addMember(t, owner.cookie, { email: 'mia@example.com' });
    const plan = await call(t.app, 'POST', '/api/plans', {
      cookie: owner.cookie,
      body: {
        name: '10 Class Pack',
        kind: 'class_pack',
        price: '150.00',
        credits: 10,
        validityDays: 90,
      },
    });
    expect(plan.status, plan.text).toBe(201);
    const mCsv =
      'Member email,Plan,Start date,End date,Price\nMIA@example.com,10 class pack,03/01/2024,05/30/2024,$120\nmia@example.com,Gold,03/01/2024,,\nnobody@example.com,10 Class Pack,03/01/2024,,\n';
    const mResult = await runImport(owner, 'memberships', mCsv, { dateFormat: 'MM/DD/YYYY' });
    expect(mResult).toMatchObject({ createdCount: 1, errorCount: 2 });
    expect(mResult.errors.map((e: { message: string }) => e.message)).toEqual([
      'there is no plan named "Gold"; add it in Money › Plans first',
      'no member has the email nobody@example.com; import the members first',
    ]);
    const [ms] = await t.deps.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.memberId, member.id));
    expect(ms).toMatchObject({
      startDate: '2024-03-01',
      endDate: '2024-05-30',
      price: '120.00',
      status: 'expired',
    });
    // The member's status, type and dates follow from the imported membership (the one rule).
    const [derived] = await t.deps.database.db
      .select()
      .from(members)
      .where(eq(members.id, member.id));
    expect(derived).toMatchObject({
      membershipStatus: 'inactive',
      membershipType: '10 Class Pack',
      membershipEndDate: '2024-05-30',
    });
    expect(
      (await runImport(owner, 'memberships', mCsv, { dateFormat: 'MM/DD/YYYY' })).createdCount,
    ).toBe(0);

    const vCsv =
      'Email,Check in time,Type\nmia@example.com,2024-03-02 18:30,class\nmia@example.com,2024-03-03T07:00:00Z,\n';
    const vResult = await runImport(owner, 'visits', vCsv);
    expect(vResult).toMatchObject({ createdCount: 2, errorCount: 0 });
    const visits = await t.deps.database.db
      .select()
      .from(memberVisits)
      .where(eq(memberVisits.memberId, member.id))
      .orderBy(memberVisits.visitDate);
    // The studio's zone is UTC here, so the local time is UTC.
    expect(visits.map((v) => [new Date(v.visitDate).toISOString(), v.visitType])).toEqual([
      ['2024-03-02T18:30:00.000Z', 'class'],
      ['2024-03-03T07:00:00.000Z', 'check_in'],
    ]);
    expect((await runImport(owner, 'visits', vCsv)).skippedCount).toBe(2);

    const lCsv =
      'first_name,last_name,email,phone,source,status\nLee,One,lee@example.com,,Instagram,contacted\nLou,Two,,555 0199,,new\nNo,Contact,,,,\n';
    const lResult = await runImport(owner, 'leads', lCsv);
    expect(lResult).toMatchObject({
      createdCount: 2,
      errorCount: 1,
      errors: [{ row: 4, message: 'enter an email or a phone number' }],
    });
    expect((await runImport(owner, 'leads', lCsv)).createdCount).toBe(0);
    const sources = await call(t.app, 'GET', '/api/lead-sources', { cookie: owner.cookie });
    expect(sources.body.sources.map((s: { name: string }) => s.name)).toContain('Instagram');
  });
});

describe('undo', () => {
  it('removes exactly what the import created, once, within 24 hours', async () => {
    const owner = await createOwner(t.app);
    const kept = await addMember(t, owner.cookie, { email: 'kept@example.com' });
    const result = await runImport(
      owner,
      'members',
      'First name,Last name,Email\nA,A,a@example.com\nKept,K,kept@example.com\n',
    );
    expect(result.createdCount).toBe(1);
    const undo = await call(t.app, 'POST', `/api/imports/${result.id}/undo`, {
      cookie: owner.cookie,
    });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.body).toMatchObject({ status: 'undone', undoUntil: null });
    expect((await membersOf(owner.organization.id)).map((m) => m.id)).toEqual([kept.id]);
    const twice = await call(t.app, 'POST', `/api/imports/${result.id}/undo`, {
      cookie: owner.cookie,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('conflict');

    const late = await runImport(
      owner,
      'leads',
      'First name,Last name,Email\nLee,L,lee@example.com\n',
    );
    await t.deps.database.db
      .update(dataImports)
      .set({ completedAt: sql`now() - interval '25 hours'` })
      .where(eq(dataImports.id, late.id));
    const expired = await call(t.app, 'POST', `/api/imports/${late.id}/undo`, {
      cookie: owner.cookie,
    });
    expect(expired.status).toBe(409);
    expect(expired.body.error.code).toBe('undo_expired');
    const stillThere = await t.deps.database.db.$count(
      leads,
      eq(leads.organizationId, owner.organization.id),
    );
    expect(stillThere).toBe(1);
  });
});

describe('tenant isolation', () => {
  it("another studio's import answers like one that does not exist", async () => {
    const a = await createOwner(t.app);
    const b = await createOwner(t.app);
    const imported = await runImport(
      a,
      'leads',
      'First name,Last name,Email\nLee,L,lee@example.com\n',
    );
    for (const [method, path] of [
      ['GET', `/api/imports/${imported.id}`],
      ['POST', `/api/imports/${imported.id}/undo`],
    ] as const) {
      const res = await call(t.app, method, path, { cookie: b.cookie });
      expect(res.status).toBe(404);
    }
    const list = await call(t.app, 'GET', '/api/imports', { cookie: b.cookie });
    expect(list.body.imports).toEqual([]);
    // A job naming the wrong studio finds nothing to run.
    await runImportJob(t.deps, { organizationId: b.organization.id, importId: imported.id });
    expect(
      await t.deps.database.db.$count(leads, eq(leads.organizationId, b.organization.id)),
    ).toBe(0);
  });
});

async function unzip(buffer: Buffer): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  );
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (e, stream) => {
        if (e) return reject(e);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return files;
}

describe('round trip', () => {
  it('a FitBase export imports into a new studio with the same members and leads', async () => {
    const a = await createOwner(t.app);
    await addMember(t, a.cookie, {
      firstName: 'Zoë',
      lastName: "O'Neil, Jr.",
      email: 'Zoe@Example.com',
      phone: '+1 (555) 010-2000',
      dateOfBirth: '1992-07-14',
      gender: 'female',
      city: 'Lyon',
      country: 'FR',
      notes: 'Line one\nline "two"',
      marketingConsent: true,
    });
    await addMember(t, a.cookie, { email: 'plain@example.com', membershipStartDate: '2023-01-15' });
    await call(t.app, 'POST', '/api/leads', {
      cookie: a.cookie,
      body: {
        firstName: 'Lee',
        lastName: 'Prospect',
        email: 'lee@example.com',
        status: 'trial',
        trialEndsOn: '2026-02-01',
      },
    });
    const exported = await t.app.request('http://localhost:3000/api/data/export', {
      headers: { origin: 'http://localhost:3000', cookie: a.cookie },
    });
    expect(exported.status).toBe(200);
    const files = await unzip(Buffer.from(await exported.arrayBuffer()));

    const b = await createOwner(t.app);
    expect(await runImport(b, 'members', files.get('members.csv')!)).toMatchObject({
      createdCount: 2,
      errorCount: 0,
    });
    expect(await runImport(b, 'leads', files.get('leads.csv')!)).toMatchObject({
      createdCount: 1,
      errorCount: 0,
    });

    const fields = (rows: Awaited<ReturnType<typeof membersOf>>) =>
      rows.map((m) => ({
        firstName: m.firstName,
        lastName: m.lastName,
        email: m.email,
        phone: m.phone,
        dateOfBirth: m.dateOfBirth,
        gender: m.gender,
        city: m.city,
        country: m.country,
        notes: m.notes,
        membershipStatus: m.membershipStatus,
        membershipStartDate: m.membershipStartDate,
        marketingConsent: m.marketingConsent,
      }));
    expect(fields(await membersOf(b.organization.id))).toEqual(
      fields(await membersOf(a.organization.id)),
    );
    const leadsOf = async (organizationId: string) =>
      (
        await t.deps.database.db
          .select()
          .from(leads)
          .where(and(eq(leads.organizationId, organizationId)))
      ).map((l) => [l.firstName, l.lastName, l.email, l.phone, l.status, l.trialEndsOn]);
    expect(await leadsOf(b.organization.id)).toEqual(await leadsOf(a.organization.id));
  });
});
