import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOwner,
  createTestApp,
  sessionTokenOf as tokenOf,
  type TestContext,
} from '../../test/test-app.ts';
import { addMember } from '../../test/fixtures/members.ts';
import { members } from '../db/schema/members.ts';
import { openStudioRead } from './studio-fast-path.ts';

// The read path (docs/decisions/0015-hot-paths-fewer-round-trips.md): a GET's connection carries
// the tenant scope per session. These check that the scope holds, never outlives its request,
// and that a write on that path fails. PostgreSQL only: PGlite has no such pool.
const postgres = Boolean(process.env.DATABASE_URL);

let t: TestContext;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  if (!postgres) return;
  t = await createTestApp();
  a = await createOwner(t.app);
  b = await createOwner(t.app);
  await addMember(t, a.cookie);
  await addMember(t, b.cookie);
  await addMember(t, b.cookie);
});
afterAll(async () => t?.close());

async function membersSeen(token: string, organizationId: string | null) {
  const { readPool } = t.deps.database;
  const read = await openStudioRead(readPool!, token, organizationId);
  try {
    const rows = await read.unit.db.select({ org: members.organizationId }).from(members);
    return { context: read.context, orgs: rows.map((r) => r.org) };
  } finally {
    read.release();
  }
}

describe.runIf(postgres)('studio reads outside a transaction (PostgreSQL)', () => {
  it('scopes each read to its own studio, whoever used the connection before', async () => {
    for (let round = 0; round < 3; round++) {
      const seenA = await membersSeen(tokenOf(a.cookie), a.organization.id);
      expect(seenA.orgs).toEqual([a.organization.id]);
      const seenB = await membersSeen(tokenOf(b.cookie), b.organization.id);
      expect(seenB.orgs).toEqual([b.organization.id, b.organization.id]);
    }
  });

  it('leaves no scope behind for a request without a session', async () => {
    await membersSeen(tokenOf(a.cookie), a.organization.id);
    const stranger = await membersSeen('no-such-token', a.organization.id);
    expect(stranger.context).toBeNull();
    expect(stranger.orgs).toEqual([]);
  });

  it('refuses a write', async () => {
    const { readPool } = t.deps.database;
    const read = await openStudioRead(readPool!, tokenOf(a.cookie), null);
    try {
      await expect(
        read.unit.db.insert(members).values({
          organizationId: a.organization.id,
          firstName: 'Read',
          lastName: 'Only',
          email: 'read.only@example.com',
        }),
      ).rejects.toMatchObject({ cause: { code: '25006' } });
    } finally {
      read.release();
    }
  });
});
