import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { waiverSettings, waiverSignatures, waivers } from '../../db/schema/waivers.ts';
import { memberMailTo } from '../../db/member-mail-to.ts';

/** Waivers' reads and writes (docs/product/waivers.md); every one takes the studio. */

const versionColumns = {
  id: waivers.id,
  version: waivers.version,
  title: waivers.title,
  body: waivers.body,
  createdAt: waivers.createdAt,
};
export type WaiverRow = {
  id: string;
  version: number;
  title: string;
  body: string;
  createdAt: Date;
};

export async function findCurrentWaiver(
  db: Db | Tx,
  organizationId: string,
): Promise<WaiverRow | null> {
  const [row] = await db
    .select(versionColumns)
    .from(waivers)
    .where(eq(waivers.organizationId, organizationId))
    .orderBy(desc(waivers.version))
    .limit(1);
  return row ?? null;
}

export async function findWaiver(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await db
    .select(versionColumns)
    .from(waivers)
    .where(and(eq(waivers.organizationId, organizationId), eq(waivers.id, id)));
  return row ?? null;
}

/** Every version, newest first, with how many members signed it. */
export async function listVersions(db: Db | Tx, organizationId: string) {
  return db
    .select({ ...versionColumns, signatureCount: count(waiverSignatures.id) })
    .from(waivers)
    .leftJoin(
      waiverSignatures,
      and(
        eq(waiverSignatures.organizationId, waivers.organizationId),
        eq(waiverSignatures.waiverId, waivers.id),
      ),
    )
    .where(eq(waivers.organizationId, organizationId))
    .groupBy(waivers.organizationId, waivers.id)
    .orderBy(desc(waivers.version));
}

export async function insertVersion(
  db: Db | Tx,
  organizationId: string,
  input: {
    version: number;
    title: string;
    body: string;
    createdBy: string | null;
    /** Default: the database's clock. */
    createdAt?: Date;
  },
) {
  const [row] = await db
    .insert(waivers)
    .values({ organizationId, ...input })
    .returning(versionColumns);
  return row!;
}

export async function findRequiredToBook(db: Db | Tx, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ requiredToBook: waiverSettings.requiredToBook })
    .from(waiverSettings)
    .where(eq(waiverSettings.organizationId, organizationId));
  return row?.requiredToBook ?? false;
}

export async function upsertSettings(db: Db | Tx, organizationId: string, requiredToBook: boolean) {
  await db
    .insert(waiverSettings)
    .values({ organizationId, requiredToBook })
    .onConflictDoUpdate({
      target: waiverSettings.organizationId,
      set: { requiredToBook, updatedAt: new Date() },
    });
}

export async function findMember(db: Db | Tx, organizationId: string, memberId: string) {
  const [row] = await db
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      email: members.email,
      /** Where their copy goes: their email, else their household payer's (who signs for them). */
      mailTo: memberMailTo(),
      dateOfBirth: members.dateOfBirth,
    })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
  return row ?? null;
}

const signatureColumns = {
  id: waiverSignatures.id,
  waiverId: waiverSignatures.waiverId,
  memberId: waiverSignatures.memberId,
  version: waivers.version,
  title: waivers.title,
  body: waivers.body,
  signedName: waiverSignatures.signedName,
  guardianName: waiverSignatures.guardianName,
  sha256: waiverSignatures.sha256,
  ipAddress: waiverSignatures.ipAddress,
  userAgent: waiverSignatures.userAgent,
  signedAt: waiverSignatures.signedAt,
};
export type SignatureRow = {
  id: string;
  waiverId: string;
  memberId: string;
  version: number;
  title: string;
  body: string;
  signedName: string;
  guardianName: string | null;
  sha256: string;
  ipAddress: string | null;
  userAgent: string | null;
  signedAt: Date;
};

function signatures(db: Db | Tx) {
  return db
    .select(signatureColumns)
    .from(waiverSignatures)
    .innerJoin(
      waivers,
      and(
        eq(waivers.organizationId, waiverSignatures.organizationId),
        eq(waivers.id, waiverSignatures.waiverId),
      ),
    );
}

export async function findSignature(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await signatures(db).where(
    and(eq(waiverSignatures.organizationId, organizationId), eq(waiverSignatures.id, id)),
  );
  return row ?? null;
}

export async function findMemberSignature(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  waiverId: string,
): Promise<SignatureRow | null> {
  const [row] = await signatures(db).where(
    and(
      eq(waiverSignatures.organizationId, organizationId),
      eq(waiverSignatures.memberId, memberId),
      eq(waiverSignatures.waiverId, waiverId),
    ),
  );
  return row ?? null;
}

export async function listMemberSignatures(db: Db | Tx, organizationId: string, memberId: string) {
  return signatures(db)
    .where(
      and(
        eq(waiverSignatures.organizationId, organizationId),
        eq(waiverSignatures.memberId, memberId),
      ),
    )
    .orderBy(desc(waiverSignatures.signedAt));
}

/** Inserts the signature unless this member signed this version already (then null). */
export async function insertSignature(
  db: Db | Tx,
  organizationId: string,
  input: {
    waiverId: string;
    memberId: string;
    signedName: string;
    guardianName: string | null;
    sha256: string;
    ipAddress: string | null;
    userAgent: string | null;
    signedAt: Date;
  },
) {
  const [row] = await db
    .insert(waiverSignatures)
    .values({ organizationId, ...input })
    .onConflictDoNothing({
      target: [
        waiverSignatures.organizationId,
        waiverSignatures.memberId,
        waiverSignatures.waiverId,
      ],
    })
    .returning({ id: waiverSignatures.id, signedAt: waiverSignatures.signedAt });
  return row ?? null;
}
