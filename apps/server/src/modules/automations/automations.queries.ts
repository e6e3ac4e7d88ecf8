import type { AutomationRunLogLine } from '@fitbase/domain/contracts/automations';
import type { AutomationRunStatus } from '@fitbase/domain/connect-constants';
import { and, asc, count, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { automationRuns, automations, leads } from '../../db/schema/connect.ts';
import { members } from '../../db/schema/members.ts';

export type AutomationRow = typeof automations.$inferSelect;
export type AutomationRunRow = typeof automationRuns.$inferSelect;
type AutomationValues = Pick<
  typeof automations.$inferInsert,
  'name' | 'description' | 'trigger' | 'triggerDays' | 'steps' | 'isActive' | 'activatedAt'
>;

/** Oldest first (the ready-made ones lead), then by id for a stable order. */
export async function listAutomations(db: Db | Tx, organizationId: string) {
  return db
    .select()
    .from(automations)
    .where(eq(automations.organizationId, organizationId))
    .orderBy(asc(automations.createdAt), asc(automations.id));
}

export async function findAutomation(
  db: Db | Tx,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AutomationRow | null> {
  const query = db
    .select()
    .from(automations)
    .where(and(eq(automations.organizationId, organizationId), eq(automations.id, id)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertAutomation(
  tx: Db | Tx,
  organizationId: string,
  values: AutomationValues,
): Promise<AutomationRow> {
  const [row] = await tx
    .insert(automations)
    .values({ ...values, organizationId })
    .returning();
  if (!row) throw new Error('insert automations returned no row');
  return row;
}

export async function updateAutomation(
  tx: Db | Tx,
  organizationId: string,
  id: string,
  values: Partial<AutomationValues>,
): Promise<AutomationRow | null> {
  const [row] = await tx
    .update(automations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(automations.organizationId, organizationId), eq(automations.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteAutomation(tx: Db | Tx, organizationId: string, id: string) {
  const rows = await tx
    .delete(automations)
    .where(and(eq(automations.organizationId, organizationId), eq(automations.id, id)))
    .returning({ id: automations.id });
  return rows.length > 0;
}

/** The ready-made automations the studio already has. */
export async function presetKeys(db: Db | Tx, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ key: automations.presetKey })
    .from(automations)
    .where(and(eq(automations.organizationId, organizationId), isNotNull(automations.presetKey)));
  return rows.map((r) => r.key!);
}

/**
 * Serialises the making of one studio's ready-made automations (and their templates): a second
 * request waits, then finds them made. The unique preset index alone would keep the automations
 * single but not the templates made beside them.
 */
export async function lockPresets(tx: Db | Tx, organizationId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`automation-presets:${organizationId}`}, 0))`,
  );
}

export async function insertPreset(
  tx: Db | Tx,
  organizationId: string,
  values: AutomationValues & { presetKey: string; createdAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(automations)
    .values({ ...values, organizationId })
    .onConflictDoNothing({
      target: [automations.organizationId, automations.presetKey],
      where: sql`${automations.presetKey} is not null`,
    })
    .returning({ id: automations.id });
  return rows.length > 0;
}

/** One page of an automation's runs, newest first, with the member's or lead's name. */
export async function listRuns(
  db: Db | Tx,
  organizationId: string,
  automationId: string,
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(automationRuns.organizationId, organizationId),
    eq(automationRuns.automationId, automationId),
  );
  const rows = await db
    .select({
      run: automationRuns,
      memberName: sql<
        string | null
      >`nullif(trim(${members.firstName} || ' ' || ${members.lastName}), '')`,
      leadName: sql<
        string | null
      >`nullif(trim(${leads.firstName} || ' ' || ${leads.lastName}), '')`,
    })
    .from(automationRuns)
    .leftJoin(
      members,
      and(
        eq(members.organizationId, automationRuns.organizationId),
        eq(members.id, automationRuns.memberId),
      ),
    )
    .leftJoin(
      leads,
      and(
        eq(leads.organizationId, automationRuns.organizationId),
        eq(leads.id, automationRuns.leadId),
      ),
    )
    .where(where)
    .orderBy(desc(automationRuns.createdAt), desc(automationRuns.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(automationRuns).where(where);
  return { rows, total: total?.n ?? 0 };
}

// ---- The engine ----

/** Across studios (the job's own connection): those with an active automation. */
export async function organizationsWithActiveAutomations(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: automations.organizationId })
    .from(automations)
    .where(eq(automations.isActive, true));
  return rows.map((r) => r.id);
}

/** Across studios: those with a run due by `now`. */
export async function organizationsWithDueRuns(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: automationRuns.organizationId })
    .from(automationRuns)
    .where(and(eq(automationRuns.status, 'waiting'), lte(automationRuns.nextRunAt, now)));
  return rows.map((r) => r.id);
}

export async function activeAutomations(db: Db | Tx, organizationId: string) {
  return db
    .select()
    .from(automations)
    .where(and(eq(automations.organizationId, organizationId), eq(automations.isActive, true)));
}

export interface NewRun {
  automationId: string;
  memberId: string | null;
  leadId: string | null;
  occurrenceKey: string;
}

/** One run per (automation, occurrence): a second insert of the same occurrence does nothing. */
export async function insertRuns(
  tx: Db | Tx,
  organizationId: string,
  runs: NewRun[],
  now: Date,
  firstLine: (run: NewRun) => AutomationRunLogLine,
): Promise<number> {
  if (runs.length === 0) return 0;
  const inserted = await tx
    .insert(automationRuns)
    .values(
      runs.map((run) => ({
        ...run,
        organizationId,
        status: 'waiting' as const,
        stepIndex: 0,
        nextRunAt: now,
        log: [firstLine(run)],
      })),
    )
    .onConflictDoNothing({
      target: [
        automationRuns.organizationId,
        automationRuns.automationId,
        automationRuns.occurrenceKey,
      ],
    })
    .returning({ id: automationRuns.id });
  return inserted.length;
}

/**
 * Due runs, locked for this transaction; runs another process holds are skipped, so two ticks
 * at once never advance the same run.
 */
export async function claimDueRuns(tx: Tx, organizationId: string, now: Date, limit: number) {
  return tx
    .select()
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.organizationId, organizationId),
        eq(automationRuns.status, 'waiting'),
        lte(automationRuns.nextRunAt, now),
      ),
    )
    .orderBy(asc(automationRuns.nextRunAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function automationsByIds(db: Db | Tx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(automations)
    .where(and(eq(automations.organizationId, organizationId), inArray(automations.id, ids)));
}

/** Moves a run on and appends its new log lines (the log is append-only). */
export async function advanceRun(
  tx: Db | Tx,
  organizationId: string,
  id: string,
  values: { status: AutomationRunStatus; stepIndex: number; nextRunAt: Date | null },
  lines: AutomationRunLogLine[],
): Promise<void> {
  await tx
    .update(automationRuns)
    .set({
      ...values,
      log: sql`${automationRuns.log} || ${JSON.stringify(lines)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(automationRuns.organizationId, organizationId), eq(automationRuns.id, id)));
}

export async function lockRun(
  tx: Db | Tx,
  organizationId: string,
  id: string,
): Promise<AutomationRunRow | null> {
  const [row] = await tx
    .select()
    .from(automationRuns)
    .where(and(eq(automationRuns.organizationId, organizationId), eq(automationRuns.id, id)))
    .for('update');
  return row ?? null;
}

export async function appendRunLog(
  tx: Db | Tx,
  organizationId: string,
  id: string,
  lines: Array<AutomationRunLogLine & { event?: string }>,
): Promise<void> {
  await tx
    .update(automationRuns)
    .set({
      log: sql`${automationRuns.log} || ${JSON.stringify(lines)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(automationRuns.organizationId, organizationId), eq(automationRuns.id, id)));
}
