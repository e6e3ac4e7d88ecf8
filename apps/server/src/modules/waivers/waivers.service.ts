import { createHash } from 'node:crypto';
import type {
  PortalWaiver,
  WaiverAdmin,
  WaiverSignature,
  WaiverVersion,
  WaiverVersionInput,
} from '@fitbase/domain/contracts/waivers';
import { isMinorOn, waiverSignedText } from '@fitbase/domain/waivers';
import type { Db } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { studioSender } from '../../context/studio-sender.ts';
import { getOrganizationTimeZone, studioToday } from '../../context/studio-time.ts';
import type { StudioScope } from '../../http/types.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { waiverPdf } from './waiver-pdf.ts';
import { waiverEmailJob } from './waivers.jobs.ts';
import * as queries from './waivers.queries.ts';

/**
 * Waivers (docs/product/waivers.md): the studio writes versions (a written version is never
 * changed), may require a signed current version to book, and members sign with their typed
 * name; the signature keeps the SHA-256 of exactly the text signed.
 */

/**
 * The studio and its unit of work. `work` is optional so callers holding only the transaction's
 * Drizzle handle can sign too: then the email is enqueued through a savepoint of that handle's unit.
 */
export interface WaiverScope {
  organizationId: string;
  db: Db;
  work?: UnitOfWork;
}

export interface CurrentWaiver {
  id: string;
  version: number;
  title: string;
  body: string;
  requiredToBook: boolean;
}

/** The studio's current (newest) version and whether booking needs it signed; null when none. */
export async function getCurrentWaiver(scope: WaiverScope): Promise<CurrentWaiver | null> {
  const current = await queries.findCurrentWaiver(scope.db, scope.organizationId);
  if (!current) return null;
  const requiredToBook = await queries.findRequiredToBook(scope.db, scope.organizationId);
  return {
    id: current.id,
    version: current.version,
    title: current.title,
    body: current.body,
    requiredToBook,
  };
}

export function waiverDigest(title: string, body: string): string {
  return createHash('sha256').update(waiverSignedText(title, body), 'utf8').digest('hex');
}

export interface SignWaiverInput {
  memberId: string;
  waiverId: string;
  signedName: string;
  guardianName: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * A member's signature of the current version, inside the caller's unit of work. Signing the
 * same version again answers with the first signature (nothing new is stored or emailed).
 */
export async function signWaiver(
  scope: WaiverScope,
  input: SignWaiverInput,
  now: Date = new Date(),
): Promise<{ id: string; version: number; signedAt: string }> {
  const { db, organizationId } = scope;
  const member = await queries.findMember(db, organizationId, input.memberId);
  if (!member) throw notFound('Member');
  const current = await queries.findCurrentWaiver(db, organizationId);
  if (!current) throw notFound('Waiver');
  if (current.id !== input.waiverId) {
    const known = await queries.findWaiver(db, organizationId, input.waiverId);
    if (!known) throw notFound('Waiver');
    throw new AppError(
      'waiver_outdated',
      `The studio has a newer version of its waiver (version ${current.version}). Read it and sign that one.`,
    );
  }
  const existing = await queries.findMemberSignature(
    db,
    organizationId,
    input.memberId,
    input.waiverId,
  );
  if (existing)
    return {
      id: existing.id,
      version: existing.version,
      signedAt: existing.signedAt.toISOString(),
    };
  const signedName = input.signedName.trim();
  if (!signedName)
    throw new AppError('validation_error', 'Full name is required', {
      fullName: 'Full name is required',
    });
  const guardianName = input.guardianName?.trim() || null;
  const today = await studioToday(db, organizationId, now);
  if (isMinorOn(member.dateOfBirth, today) && !guardianName)
    throw new AppError('validation_error', 'A parent or guardian signs for a member under 18', {
      guardianName: 'Parent or guardian name is required for a member under 18',
    });
  const inserted = await queries.insertSignature(db, organizationId, {
    waiverId: current.id,
    memberId: input.memberId,
    signedName,
    guardianName,
    sha256: waiverDigest(current.title, current.body),
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
    signedAt: now,
  });
  if (!inserted) {
    // Signed at the same moment by another request: answer with that signature.
    const again = await queries.findMemberSignature(db, organizationId, input.memberId, current.id);
    if (!again) throw conflict('The waiver could not be signed; try again');
    return { id: again.id, version: again.version, signedAt: again.signedAt.toISOString() };
  }
  const job = { organizationId, signatureId: inserted.id };
  if (scope.work) await enqueueJob(scope.work, waiverEmailJob, job);
  else await runInStudio(db, organizationId, (_tx, unit) => enqueueJob(unit, waiverEmailJob, job));
  return { id: inserted.id, version: current.version, signedAt: inserted.signedAt.toISOString() };
}

/**
 * Whether `memberId` may book as far as the waiver goes: refused with `waiver_required` when the
 * studio requires a signed current version and the member has not signed it.
 */
export async function assertWaiverSignedToBook(
  scope: { organizationId: string; db: Db },
  memberId: string,
): Promise<void> {
  const { db, organizationId } = scope;
  // One read when the rule is off (the default), so booking costs nothing more.
  if (!(await queries.findRequiredToBook(db, organizationId))) return;
  const current = await queries.findCurrentWaiver(db, organizationId);
  if (!current) return;
  if (await queries.findMemberSignature(db, organizationId, memberId, current.id)) return;
  // An unknown member answers as before: not found, not "sign first".
  if (!(await queries.findMember(db, organizationId, memberId))) throw notFound('Member');
  throw new AppError(
    'waiver_required',
    `Sign the studio's waiver (${current.title}, version ${current.version}) before booking.`,
  );
}

function toVersion(row: queries.WaiverRow & { signatureCount: number }): WaiverVersion {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    signatureCount: Number(row.signatureCount),
  };
}

/** Settings → Waivers. */
export async function getWaiverAdmin(scope: StudioScope): Promise<WaiverAdmin> {
  const versions = (await queries.listVersions(scope.db, scope.organizationId)).map(toVersion);
  const requiredToBook = await queries.findRequiredToBook(scope.db, scope.organizationId);
  return { current: versions[0] ?? null, versions, requiredToBook };
}

/** `New version`: the next number; earlier versions and their signatures stay as they were. */
/** `now`: when it was written; default the database's clock (the demo's history). */
export async function createWaiverVersion(
  scope: StudioScope,
  input: WaiverVersionInput,
  now?: Date,
): Promise<WaiverVersion> {
  const current = await queries.findCurrentWaiver(scope.db, scope.organizationId);
  try {
    const row = await scope.db.transaction((tx) =>
      queries.insertVersion(tx, scope.organizationId, {
        version: (current?.version ?? 0) + 1,
        title: input.title,
        body: input.body,
        createdBy: scope.userId,
        createdAt: now,
      }),
    );
    return toVersion({ ...row, signatureCount: 0 });
  } catch (error) {
    if (isUniqueViolation(error, 'waivers_org_version_key'))
      throw conflict('Another version was saved at the same time: reload and try again');
    throw error;
  }
}

export async function saveWaiverSettings(
  scope: StudioScope,
  input: { requiredToBook: boolean },
): Promise<WaiverAdmin> {
  if (input.requiredToBook && !(await queries.findCurrentWaiver(scope.db, scope.organizationId)))
    throw new AppError('validation_error', 'Write the waiver before requiring it to book', {
      requiredToBook: 'Write the waiver before requiring it to book',
    });
  await queries.upsertSettings(scope.db, scope.organizationId, input.requiredToBook);
  return getWaiverAdmin(scope);
}

function toSignature(row: queries.SignatureRow, currentId: string | null): WaiverSignature {
  return {
    id: row.id,
    waiverId: row.waiverId,
    version: row.version,
    title: row.title,
    signedName: row.signedName,
    guardianName: row.guardianName,
    sha256: row.sha256,
    signedAt: row.signedAt.toISOString(),
    current: row.waiverId === currentId,
  };
}

/** A member's signatures, newest first (staff's member page, the member's profile). */
export async function listMemberSignatures(
  scope: { organizationId: string; db: Db },
  memberId: string,
): Promise<{ signatures: WaiverSignature[] }> {
  if (!(await queries.findMember(scope.db, scope.organizationId, memberId)))
    throw notFound('Member');
  const current = await queries.findCurrentWaiver(scope.db, scope.organizationId);
  const rows = await queries.listMemberSignatures(scope.db, scope.organizationId, memberId);
  return { signatures: rows.map((row) => toSignature(row, current?.id ?? null)) };
}

/** One signature of `memberId`; another member's answers like a missing one. */
export async function findMemberSignature(
  scope: { organizationId: string; db: Db },
  memberId: string,
  signatureId: string,
): Promise<queries.SignatureRow> {
  const row = await queries.findSignature(scope.db, scope.organizationId, signatureId);
  if (!row || row.memberId !== memberId) throw notFound('Signature');
  return row;
}

/** The member's waiver page: the current text and their signature of it, if any. */
export async function portalWaiver(
  scope: { organizationId: string; memberId: string; db: Db },
  now: Date = new Date(),
): Promise<PortalWaiver> {
  const { db, organizationId, memberId } = scope;
  const current = await getCurrentWaiver(scope);
  const member = await queries.findMember(db, organizationId, memberId);
  if (!member) throw notFound('Member');
  const today = await studioToday(db, organizationId, now);
  const signature = current
    ? await queries.findMemberSignature(db, organizationId, memberId, current.id)
    : null;
  return {
    waiver: current
      ? { id: current.id, version: current.version, title: current.title, body: current.body }
      : null,
    requiredToBook: current?.requiredToBook ?? false,
    guardianRequired: isMinorOn(member.dateOfBirth, today),
    signature: signature ? toSignature(signature, current?.id ?? null) : null,
  };
}

/** A signature's PDF, for its member or staff who can see members. */
export async function signaturePdf(
  scope: { organizationId: string; db: Db },
  memberId: string,
  signatureId: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const signature = await findMemberSignature(scope, memberId, signatureId);
  const member = await queries.findMember(scope.db, scope.organizationId, memberId);
  if (!member) throw notFound('Signature');
  const sender = await studioSender(scope.db, scope.organizationId);
  const pdf = await waiverPdf({
    studioName: sender.name,
    timeZone: await getOrganizationTimeZone(scope.db, scope.organizationId),
    locale: sender.locale,
    memberName: `${member.firstName} ${member.lastName}`,
    signature,
  });
  return {
    filename: `waiver-v${signature.version}-${signature.signedAt.toISOString().slice(0, 10)}.pdf`,
    pdf,
  };
}
