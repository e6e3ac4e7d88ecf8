import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { emailTemplates } from '../../db/schema/connect.ts';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
type TemplateValues = Partial<
  Pick<typeof emailTemplates.$inferInsert, 'name' | 'subject' | 'content' | 'status'>
>;

/** Active first, then the most recently changed. */
export async function listTemplates(db: Db | Tx, organizationId: string) {
  return db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.organizationId, organizationId))
    .orderBy(
      sql`${emailTemplates.status} = 'archived'`,
      desc(emailTemplates.updatedAt),
      desc(emailTemplates.id),
    );
}

export async function findTemplate(db: Db | Tx, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.organizationId, organizationId), eq(emailTemplates.id, id)));
  return row ?? null;
}

export async function insertTemplate(
  db: Db | Tx,
  values: {
    organizationId: string;
    name: string;
    subject: string;
    content: string;
    createdBy: string | null;
  },
) {
  const [row] = await db.insert(emailTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(
  db: Db | Tx,
  organizationId: string,
  id: string,
  values: TemplateValues,
) {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(emailTemplates.organizationId, organizationId), eq(emailTemplates.id, id)))
    .returning();
  return row ?? null;
}
