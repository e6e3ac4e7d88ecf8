import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';
import { users } from '../../db/schema/auth.ts';
import { kioskCheckIns, kiosks, kioskSettings } from '../../db/schema/kiosks.ts';
import { members } from '../../db/schema/members.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { classSessions } from '../../db/schema/schedule.ts';
import { staffDisplayName } from '../../db/staff-name.ts';

/** The kiosk's tables (docs/product/kiosk.md): devices, the studio's kiosk settings, check-ins. */

export type KioskRow = typeof kiosks.$inferSelect;
export type KioskCheckInRow = typeof kioskCheckIns.$inferSelect;
export type KioskSettingsRow = typeof kioskSettings.$inferSelect;

const kioskColumns = {
  id: kiosks.id,
  name: kiosks.name,
  createdAt: kiosks.createdAt,
  pairedAt: kiosks.pairedAt,
  lastSeenAt: kiosks.lastSeenAt,
  revokedAt: kiosks.revokedAt,
  createdByName: staffDisplayName<string | null>(),
};
export type KioskListRow = {
  id: string;
  name: string;
  createdAt: Date;
  pairedAt: Date | null;
  lastSeenAt: Date | null;
  revokedAt: Date | null;
  createdByName: string | null;
};

function kioskList(db: Db | Tx) {
  return db
    .select(kioskColumns)
    .from(kiosks)
    .leftJoin(users, eq(users.id, kiosks.createdBy))
    .leftJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, kiosks.organizationId),
        eq(organizationUsers.userId, kiosks.createdBy),
      ),
    );
}

export function listKiosks(db: Db | Tx, organizationId: string): Promise<KioskListRow[]> {
  return kioskList(db)
    .where(eq(kiosks.organizationId, organizationId))
    .orderBy(desc(kiosks.createdAt), desc(kiosks.id));
}

export async function findKiosk(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await kioskList(db).where(
    and(eq(kiosks.organizationId, organizationId), eq(kiosks.id, id)),
  );
  return row ?? null;
}

export async function insertKiosk(
  db: Db | Tx,
  values: {
    organizationId: string;
    name: string;
    pairingCodeHash: string;
    pairingExpiresAt: Date;
    createdBy: string;
  },
): Promise<string> {
  const [row] = await db.insert(kiosks).values(values).returning({ id: kiosks.id });
  if (!row) throw new Error('insert kiosks returned no row');
  return row.id;
}

/** Revoked at once: the token stops at its next request, an unused pairing code stops too. */
export async function revokeKiosk(db: Db | Tx, organizationId: string, id: string) {
  await db
    .update(kiosks)
    .set({ revokedAt: sql`now()`, pairingCodeHash: null, pairingExpiresAt: null })
    .where(
      and(eq(kiosks.organizationId, organizationId), eq(kiosks.id, id), isNull(kiosks.revokedAt)),
    );
}

/**
 * Uses a pairing code: the kiosk whose live code it is gets the token's hash, and the code is
 * cleared in the same statement, so a code pairs one device at most. Runs before any studio is
 * known (the code is all a device has), as the connecting role.
 */
export function usePairingCode(db: Db, codeHash: string, tokenHash: string) {
  return firstRow(
    db,
    z.object({ organization_id: z.string(), id: z.string() }),
    sql`update kiosks set token_hash = ${tokenHash}, pairing_code_hash = null,
        pairing_expires_at = null, paired_at = now(), last_seen_at = now()
      where pairing_code_hash = ${codeHash} and pairing_expires_at > now()
        and revoked_at is null and token_hash is null
      returning organization_id, id`,
  );
}

/* ---------- Settings ---------- */

export async function findSettings(
  db: Db | Tx,
  organizationId: string,
): Promise<KioskSettingsRow | null> {
  const [row] = await db
    .select()
    .from(kioskSettings)
    .where(eq(kioskSettings.organizationId, organizationId));
  return row ?? null;
}

const settingsRow = z.object({
  identify_by: z.enum(['phone_and_pin', 'member_number']),
  window_before_minutes: z.number(),
  window_after_minutes: z.number(),
  pin_salt: z.string(),
});
export type KioskSettingsRaw = z.output<typeof settingsRow>;

/**
 * The studio's kiosk settings, made with their defaults (and the studio's PIN salt) when the
 * studio has none yet: one statement either way.
 */
export async function ensureSettings(db: Db | Tx, organizationId: string) {
  const row = await firstRow(
    db,
    settingsRow,
    sql`with made as (
        insert into kiosk_settings (organization_id) values (${organizationId})
        on conflict (organization_id) do nothing
        returning identify_by, window_before_minutes, window_after_minutes, pin_salt
      )
      select * from made
      union all
      select identify_by, window_before_minutes, window_after_minutes, pin_salt
      from kiosk_settings where organization_id = ${organizationId}
      limit 1`,
  );
  if (!row) throw new Error('kiosk_settings upsert returned no row');
  return row;
}

export async function saveSettings(
  db: Db | Tx,
  organizationId: string,
  values: {
    identifyBy: KioskSettingsRow['identifyBy'];
    windowBeforeMinutes: number;
    windowAfterMinutes: number;
  },
) {
  const [row] = await db
    .insert(kioskSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({
      target: kioskSettings.organizationId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('kiosk_settings upsert returned no row');
  return row;
}

/* ---------- Failed tries ---------- */

/** One more failed identification: a new window starts when the last one ran out. */
export async function countFailedTry(
  db: Db | Tx,
  organizationId: string,
  kioskId: string,
  windowMinutes: number,
) {
  const open = sql`failed_window_started_at > now() - make_interval(mins => ${windowMinutes})`;
  await db.execute(
    sql`update kiosks set
        failed_tries = case when ${open} then failed_tries + 1 else 1 end,
        failed_window_started_at = case when ${open} then failed_window_started_at else now() end
      where organization_id = ${organizationId} and id = ${kioskId}`,
  );
}

/* ---------- Check-ins ---------- */

export async function findCheckIn(
  db: Db | Tx,
  organizationId: string,
  clientId: string,
): Promise<KioskCheckInRow | null> {
  const [row] = await db
    .select()
    .from(kioskCheckIns)
    .where(
      and(eq(kioskCheckIns.organizationId, organizationId), eq(kioskCheckIns.clientId, clientId)),
    );
  return row ?? null;
}

/**
 * Claims a client id: the row is inserted, or nothing when the id was stored before (the
 * unique constraint; a concurrent claim of the same id waits for the other to commit or roll
 * back). True when this call claimed it.
 */
export async function claimCheckIn(
  db: Db | Tx,
  values: {
    organizationId: string;
    kioskId: string;
    clientId: string;
    memberId: string;
    checkedInAt: Date;
    offline: boolean;
  },
): Promise<string | null> {
  const [row] = await db
    .insert(kioskCheckIns)
    .values(values)
    .onConflictDoNothing({ target: [kioskCheckIns.organizationId, kioskCheckIns.clientId] })
    .returning({ id: kioskCheckIns.id });
  return row?.id ?? null;
}

export async function completeCheckIn(
  db: Db | Tx,
  organizationId: string,
  id: string,
  values: {
    sessionId: string | null;
    bookingId: string | null;
    visitId: string;
    exceptionCode?: string | null;
    exceptionMessage?: string | null;
  },
) {
  await db
    .update(kioskCheckIns)
    .set(values)
    .where(and(eq(kioskCheckIns.organizationId, organizationId), eq(kioskCheckIns.id, id)));
}

type ClaimValues = Parameters<typeof claimCheckIn>[1];

/**
 * claimCheckIn for many client ids in one statement (a kiosk's offline queue): the ids this
 * call claimed, with their rows' ids. Ids must be distinct.
 */
export async function claimCheckIns(
  db: Db | Tx,
  values: ClaimValues[],
): Promise<Map<string, string>> {
  if (values.length === 0) return new Map();
  const rows = await db
    .insert(kioskCheckIns)
    .values(values)
    .onConflictDoNothing({ target: [kioskCheckIns.organizationId, kioskCheckIns.clientId] })
    .returning({ id: kioskCheckIns.id, clientId: kioskCheckIns.clientId });
  return new Map(rows.map((r) => [r.clientId, r.id]));
}

export interface CheckInOutcome {
  id: string;
  sessionId: string | null;
  bookingId: string | null;
  visitId: string;
  exceptionCode: string | null;
  exceptionMessage: string | null;
}

/** completeCheckIn for many rows in one statement (their outcomes as one JSON parameter). */
export async function completeCheckIns(
  db: Db | Tx,
  organizationId: string,
  outcomes: CheckInOutcome[],
) {
  if (outcomes.length === 0) return;
  const json = JSON.stringify(
    outcomes.map((o) => ({
      id: o.id,
      session_id: o.sessionId,
      booking_id: o.bookingId,
      visit_id: o.visitId,
      exception_code: o.exceptionCode,
      exception_message: o.exceptionMessage,
    })),
  );
  await db.execute(
    sql`update kiosk_check_ins k set session_id = v.session_id, booking_id = v.booking_id,
        visit_id = v.visit_id, exception_code = v.exception_code,
        exception_message = v.exception_message
      from jsonb_to_recordset(${json}::jsonb) as v(id uuid, session_id uuid, booking_id uuid,
        visit_id uuid, exception_code text, exception_message text)
      where k.organization_id = ${organizationId} and k.id = v.id`,
  );
}

const exceptionColumns = {
  id: kioskCheckIns.id,
  kioskName: kiosks.name,
  memberId: kioskCheckIns.memberId,
  memberName: sql<string>`trim(${members.firstName} || ' ' || ${members.lastName})`,
  sessionName: classSessions.name,
  sessionStartsAt: classSessions.startsAt,
  checkedInAt: kioskCheckIns.checkedInAt,
  receivedAt: kioskCheckIns.receivedAt,
  code: kioskCheckIns.exceptionCode,
  message: kioskCheckIns.exceptionMessage,
  resolvedAt: kioskCheckIns.resolvedAt,
};
export type KioskExceptionRow = {
  id: string;
  kioskName: string;
  memberId: string;
  memberName: string;
  sessionName: string | null;
  sessionStartsAt: Date | null;
  checkedInAt: Date;
  receivedAt: Date;
  code: string | null;
  message: string | null;
  resolvedAt: Date | null;
};

function exceptions(db: Db | Tx) {
  return db
    .select(exceptionColumns)
    .from(kioskCheckIns)
    .innerJoin(
      kiosks,
      and(
        eq(kiosks.organizationId, kioskCheckIns.organizationId),
        eq(kiosks.id, kioskCheckIns.kioskId),
      ),
    )
    .innerJoin(
      members,
      and(
        eq(members.organizationId, kioskCheckIns.organizationId),
        eq(members.id, kioskCheckIns.memberId),
      ),
    )
    .leftJoin(
      classSessions,
      and(
        eq(classSessions.organizationId, kioskCheckIns.organizationId),
        eq(classSessions.id, kioskCheckIns.sessionId),
      ),
    );
}

/** The most exceptions one list answers (open ones are few: staff resolve them). */
export const KIOSK_EXCEPTIONS_LIMIT = 500;

export function listExceptions(
  db: Db | Tx,
  organizationId: string,
  status: 'open' | 'all',
): Promise<KioskExceptionRow[]> {
  return exceptions(db)
    .where(
      and(
        eq(kioskCheckIns.organizationId, organizationId),
        isNotNull(kioskCheckIns.exceptionCode),
        status === 'open' ? isNull(kioskCheckIns.resolvedAt) : undefined,
      ),
    )
    .orderBy(desc(kioskCheckIns.checkedInAt), desc(kioskCheckIns.id))
    .limit(KIOSK_EXCEPTIONS_LIMIT);
}

export async function findException(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<KioskExceptionRow | null> {
  const [row] = await exceptions(db).where(
    and(
      eq(kioskCheckIns.organizationId, organizationId),
      eq(kioskCheckIns.id, id),
      isNotNull(kioskCheckIns.exceptionCode),
    ),
  );
  return row ?? null;
}

export async function resolveException(
  db: Db | Tx,
  organizationId: string,
  id: string,
  userId: string,
) {
  await db
    .update(kioskCheckIns)
    .set({ resolvedAt: sql`now()`, resolvedBy: userId })
    .where(
      and(
        eq(kioskCheckIns.organizationId, organizationId),
        eq(kioskCheckIns.id, id),
        isNotNull(kioskCheckIns.exceptionCode),
        isNull(kioskCheckIns.resolvedAt),
      ),
    );
}

/* ---------- The member's PIN ---------- */

export async function findPinFields(db: Db | Tx, organizationId: string, memberId: string) {
  const [row] = await db
    .select({
      phone: members.phone,
      memberNumber: members.memberNumber,
      kioskPinHash: members.kioskPinHash,
    })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
  return row ?? null;
}

/** Another member of the studio holds this PIN hash (the same phone digits and PIN). */
export async function pinTakenByOther(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  pinHash: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.organizationId, organizationId),
        eq(members.kioskPinHash, pinHash),
        ne(members.id, memberId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function writePinHash(
  db: Db | Tx,
  organizationId: string,
  memberId: string,
  pinHash: string | null,
) {
  await db
    .update(members)
    .set({ kioskPinHash: pinHash })
    .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
}
