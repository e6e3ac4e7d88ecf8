import { randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { leadSources, leads } from '../../db/schema/connect.ts';
import { memberVisits, members } from '../../db/schema/members.ts';
import { memberships, plans } from '../../db/schema/money.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { dataImportRecords, dataImports } from '../../db/schema/settings.ts';
import { z } from 'zod';
import { rows as checkedRows } from '../../db/rows.ts';

type Handle = Db | Tx;
export type ImportRow = typeof dataImports.$inferSelect;

export async function insertImport(tx: Handle, values: typeof dataImports.$inferInsert) {
  const [row] = await tx.insert(dataImports).values(values).returning();
  return row!;
}

export async function findImport(
  tx: Handle,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const q = tx
    .select()
    .from(dataImports)
    .where(and(eq(dataImports.organizationId, organizationId), eq(dataImports.id, id)));
  const [row] = options.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** The list without the files' text, newest first. */
export async function listImports(tx: Handle, organizationId: string, limit = 50) {
  return tx
    .select({
      id: dataImports.id,
      organizationId: dataImports.organizationId,
      kind: dataImports.kind,
      fileName: dataImports.fileName,
      mapping: dataImports.mapping,
      dateFormat: dataImports.dateFormat,
      status: dataImports.status,
      totalRows: dataImports.totalRows,
      processedRows: dataImports.processedRows,
      createdCount: dataImports.createdCount,
      skippedCount: dataImports.skippedCount,
      errorCount: dataImports.errorCount,
      errors: dataImports.errors,
      createdBy: dataImports.createdBy,
      createdAt: dataImports.createdAt,
      completedAt: dataImports.completedAt,
      undoneAt: dataImports.undoneAt,
      createdByName: users.name,
    })
    .from(dataImports)
    .leftJoin(users, eq(users.id, dataImports.createdBy))
    .where(eq(dataImports.organizationId, organizationId))
    .orderBy(desc(dataImports.createdAt))
    .limit(limit);
}

export async function findCreatorName(tx: Handle, userId: string | null) {
  if (!userId) return null;
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

export async function updateImport(
  tx: Handle,
  organizationId: string,
  id: string,
  values: PgUpdateSetSource<typeof dataImports>,
) {
  await tx
    .update(dataImports)
    .set(values)
    .where(and(eq(dataImports.organizationId, organizationId), eq(dataImports.id, id)));
}

/** The plan's member limit, locked for the transaction as add-member does. */
export async function lockStudioForImport(tx: Handle, organizationId: string) {
  const [row] = await tx
    .select({
      maxMembers: organizations.maxMembers,
      tier: organizations.subscriptionTier,
      timezone: organizations.timezone,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return row ?? null;
}

export async function countMembers(tx: Handle, organizationId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(members)
    .where(eq(members.organizationId, organizationId));
  return row?.n ?? 0;
}

/** lower(email) → member id, for the given lower-cased emails. */
export async function membersByEmail(tx: Handle, organizationId: string, emails: string[]) {
  if (emails.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ id: members.id, email: sql<string>`lower(${members.email})` })
    .from(members)
    .where(
      and(
        eq(members.organizationId, organizationId),
        inArray(sql`lower(${members.email})`, emails),
      ),
    );
  return new Map(rows.map((r) => [r.email, r.id]));
}

export async function leadKeys(
  tx: Handle,
  organizationId: string,
  emails: string[],
  phones: string[],
) {
  const conditions = [];
  if (emails.length) conditions.push(inArray(sql`lower(${leads.email})`, emails));
  if (phones.length) conditions.push(inArray(leads.phone, phones));
  if (conditions.length === 0) return { emails: new Set<string>(), phones: new Set<string>() };
  const rows = await tx
    .select({ email: sql<string | null>`lower(${leads.email})`, phone: leads.phone })
    .from(leads)
    .where(
      and(eq(leads.organizationId, organizationId), sql`(${sql.join(conditions, sql` or `)})`),
    );
  return {
    emails: new Set(rows.flatMap((r) => (r.email ? [r.email] : []))),
    phones: new Set(rows.flatMap((r) => (r.phone ? [r.phone] : []))),
  };
}

export async function plansByName(tx: Handle, organizationId: string) {
  const rows = await tx
    .select({ id: plans.id, name: plans.name, price: plans.price, credits: plans.credits })
    .from(plans)
    .where(eq(plans.organizationId, organizationId));
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r]));
}

export async function sourcesByName(tx: Handle, organizationId: string) {
  const rows = await tx
    .select({ id: leadSources.id, name: leadSources.name })
    .from(leadSources)
    .where(eq(leadSources.organizationId, organizationId));
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
}

/** Keys "memberId|planId|startDate" of existing memberships of these members. */
export async function membershipKeys(tx: Handle, organizationId: string, memberIds: string[]) {
  if (memberIds.length === 0) return new Set<string>();
  const rows = await tx
    .select({ m: memberships.memberId, p: memberships.planId, s: memberships.startDate })
    .from(memberships)
    .where(
      and(eq(memberships.organizationId, organizationId), inArray(memberships.memberId, memberIds)),
    );
  return new Set(rows.map((r) => `${r.m}|${r.p}|${r.s}`));
}

/** Keys "memberId|epoch ms" of existing visits of these members. */
export async function visitKeys(tx: Handle, organizationId: string, memberIds: string[]) {
  if (memberIds.length === 0) return new Set<string>();
  const rows = await tx
    .select({ m: memberVisits.memberId, at: memberVisits.visitDate })
    .from(memberVisits)
    .where(
      and(
        eq(memberVisits.organizationId, organizationId),
        inArray(memberVisits.memberId, memberIds),
      ),
    );
  return new Set(rows.map((r) => `${r.m}|${new Date(r.at).getTime()}`));
}

const MEMBER_COLUMNS = getTableColumns(members);

/**
 * The members columns' literal defaults (country, status, consents...), by column name, read
 * from the schema so a column added later with a default is never inserted as NULL here.
 */
const MEMBER_DEFAULTS: Record<string, unknown> = Object.fromEntries(
  Object.values(MEMBER_COLUMNS)
    .filter(
      (column) =>
        column.hasDefault && ['string', 'number', 'boolean'].includes(typeof column.default),
    )
    .map((column) => [column.name, column.default]),
);

/**
 * Many members in one statement with one parameter: the rows travel as JSON and become members
 * rows in the database (json_populate_recordset), which is several times faster than binding
 * thirty parameters a row. A NULL there is not the column default, so the defaults are filled
 * here (MEMBER_DEFAULTS). A row whose email arrived meanwhile is skipped by the unique email index.
 */
export async function insertMembers(tx: Handle, rows: Array<typeof members.$inferInsert>) {
  const now = new Date().toISOString();
  const json = rows.map((row) => {
    const out: Record<string, unknown> = {
      ...MEMBER_DEFAULTS,
      id: randomUUID(),
      created_at: now,
      updated_at: now,
    };
    for (const [key, value] of Object.entries(row)) {
      if (value === undefined) continue;
      const column = MEMBER_COLUMNS[key as keyof typeof MEMBER_COLUMNS];
      out[column.name] = value instanceof Date ? value.toISOString() : value;
    }
    return out;
  });
  return checkedRows(
    tx,
    z.object({ id: z.string(), email: z.string() }),
    sql`insert into members
      select * from json_populate_recordset(null::members, ${JSON.stringify(json)}::json)
      on conflict do nothing
      returning id, email`,
  );
}

export async function insertMemberships(tx: Handle, rows: Array<typeof memberships.$inferInsert>) {
  return tx.insert(memberships).values(rows).returning({ id: memberships.id });
}

export async function insertVisits(tx: Handle, rows: Array<typeof memberVisits.$inferInsert>) {
  return tx.insert(memberVisits).values(rows).returning({ id: memberVisits.id });
}

export async function insertLeads(tx: Handle, rows: Array<typeof leads.$inferInsert>) {
  return tx.insert(leads).values(rows).returning({ id: leads.id });
}

export async function insertLeadSource(tx: Handle, organizationId: string, name: string) {
  const [row] = await tx
    .insert(leadSources)
    .values({ organizationId, name })
    .onConflictDoNothing()
    .returning({ id: leadSources.id });
  return row?.id ?? null;
}

export async function insertImportRecords(
  tx: Handle,
  organizationId: string,
  importId: string,
  tableName: string,
  ids: string[],
) {
  if (ids.length === 0) return;
  // One array parameter instead of four parameters a row.
  await tx.execute(sql`
    insert into data_import_records (organization_id, import_id, table_name, record_id)
    select ${organizationId}, ${importId}, ${tableName}, unnest(${`{${ids.join(',')}}`}::uuid[])
    on conflict do nothing`);
}

const TABLES = {
  members,
  memberships,
  member_visits: memberVisits,
  leads,
  lead_sources: leadSources,
};
export type ImportedTable = keyof typeof TABLES;

/** Deletes the rows of one table that this import created; returns how many went. */
/** The members whose memberships this import created (their status is derived again on undo). */
export async function importedMembershipMembers(
  tx: Handle,
  organizationId: string,
  importId: string,
): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ memberId: memberships.memberId })
    .from(memberships)
    .innerJoin(
      dataImportRecords,
      and(
        eq(dataImportRecords.organizationId, memberships.organizationId),
        eq(dataImportRecords.recordId, memberships.id),
        eq(dataImportRecords.tableName, 'memberships'),
      ),
    )
    .where(
      and(eq(memberships.organizationId, organizationId), eq(dataImportRecords.importId, importId)),
    );
  return rows.map((row) => row.memberId);
}

export async function existingMembers(
  tx: Handle,
  organizationId: string,
  memberIds: string[],
): Promise<string[]> {
  if (memberIds.length === 0) return [];
  const rows = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), inArray(members.id, memberIds)));
  return rows.map((row) => row.id);
}

export async function deleteImported(
  tx: Handle,
  organizationId: string,
  importId: string,
  tableName: ImportedTable,
) {
  const table = TABLES[tableName];
  const created = tx
    .select({ id: dataImportRecords.recordId })
    .from(dataImportRecords)
    .where(
      and(
        eq(dataImportRecords.organizationId, organizationId),
        eq(dataImportRecords.importId, importId),
        eq(dataImportRecords.tableName, tableName),
      ),
    );
  const rows = await tx
    .delete(table)
    .where(and(eq(table.organizationId, organizationId), inArray(table.id, created)))
    .returning({ id: table.id });
  return rows.length;
}
