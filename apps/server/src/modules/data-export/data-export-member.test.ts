import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_EXPORT_FILES } from '@fitbase/domain/export-dictionary';
import {
  createOwner,
  createTestApp,
  TEST_ORIGIN,
  type TestContext,
} from '../../../test/test-app.ts';
import { addMember } from '../../../test/fixtures/members.ts';
import { signInMember } from '../../../test/fixtures/portal.ts';
import { memberVisits } from '../../db/schema/members.ts';

// `Download my data` in the member portal: docs/product/member-portal.md#profile.

let t: TestContext;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'fitbase-my-data-test-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

function openZip(bytes: Buffer) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, bytes);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  const text = (name: string) => execFileSync('unzip', ['-p', file, name], { encoding: 'utf8' });
  const rows = (name: string) =>
    parse(text(name), { columns: true, bom: false }) as Record<string, string>[];
  return { names, text, rows };
}

async function download(urlPath: string, cookie: string) {
  const response = await t.app.request(`${TEST_ORIGIN}${urlPath}`, {
    headers: { origin: TEST_ORIGIN, cookie },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('Download my data', () => {
  it("is the member's own records only, without the studio's notes or medical fields", async () => {
    const owner = await createOwner(t.app);
    const slug = owner.organization.slug;
    const ann = await addMember(t, owner.cookie, {
      email: 'ann.mydata@example.com',
      notes: 'Staff only: asked about a discount',
      medicalConditions: 'Asthma',
    });
    const bob = await addMember(t, owner.cookie, { email: 'bob.mydata@example.com' });
    for (const member of [ann, bob])
      await t.deps.database.db.insert(memberVisits).values({
        organizationId: owner.organization.id,
        memberId: member.id,
        visitDate: new Date('2026-03-04T05:06:07.089Z'),
      });
    const { cookie } = await signInMember(t, slug, ann.email);

    const { response, bytes } = await download(`/api/m/${slug}/my-data`, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="my-data-${slug}-${day}.zip"`,
    );
    const zip = openZip(bytes);
    expect(zip.names).toEqual([
      'data-dictionary.csv',
      ...MEMBER_EXPORT_FILES.map((f) => f.file),
      'manifest.json',
    ]);
    const people = zip.rows('members.csv');
    expect(people.map((p) => p.email)).toEqual([ann.email]);
    expect(Object.keys(people[0]!)).not.toContain('notes');
    expect(Object.keys(people[0]!)).not.toContain('medical_conditions');
    expect(zip.text('members.csv')).not.toContain('Asthma');
    expect(zip.text('data-dictionary.csv')).not.toContain('Staff notes');
    expect(zip.rows('visits.csv').map((v) => v.member_email)).toEqual([ann.email]);
    const manifest = JSON.parse(zip.text('manifest.json'));
    expect(manifest.member).toEqual({ id: ann.id, email: ann.email });
    expect(manifest.files).toContainEqual({ name: 'visits.csv', rows: 1 });
  });

  it("refuses a staff session and another studio's member session", async () => {
    const owner = await createOwner(t.app);
    const other = await createOwner(t.app);
    const stranger = await addMember(t, other.cookie, { email: 'stranger.mydata@example.com' });
    const { cookie } = await signInMember(t, other.organization.slug, stranger.email);
    const staff = await download(`/api/m/${owner.organization.slug}/my-data`, owner.cookie);
    expect(staff.response.status).toBe(401);
    const foreign = await download(`/api/m/${owner.organization.slug}/my-data`, cookie);
    expect(foreign.response.status).toBe(401);
  });
});
