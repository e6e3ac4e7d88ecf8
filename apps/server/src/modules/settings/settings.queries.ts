import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/money.ts';
import { organizations } from '../../db/schema/organizations.ts';
import {
  organizationLogos,
  organizationSlugRedirects,
  subscriptionInvoices,
} from '../../db/schema/settings.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type InvoiceRow = typeof subscriptionInvoices.$inferSelect;

export async function findOrganization(
  db: Db | Tx,
  organizationId: string,
): Promise<OrganizationRow | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return row ?? null;
}

/** The studio row, locked for the transaction (plan changes and the add-member check serialise). */
export async function lockOrganization(
  tx: Db | Tx,
  organizationId: string,
): Promise<OrganizationRow | null> {
  const [row] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return row ?? null;
}

export async function updateOrganization(
  tx: Db | Tx,
  organizationId: string,
  values: Partial<typeof organizations.$inferInsert>,
): Promise<OrganizationRow | null> {
  const [row] = await tx
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId))
    .returning();
  return row ?? null;
}

/** Whether another studio uses `slug`, as its slug or as one of its former slugs. */
export async function slugUsedElsewhere(
  db: Db | Tx,
  organizationId: string,
  slug: string,
): Promise<boolean> {
  const [current] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.slug, slug), ne(organizations.id, organizationId)))
    .limit(1);
  if (current) return true;
  const [redirect] = await db
    .select({ id: organizationSlugRedirects.organizationId })
    .from(organizationSlugRedirects)
    .where(
      and(
        eq(organizationSlugRedirects.slug, slug),
        ne(organizationSlugRedirects.organizationId, organizationId),
      ),
    )
    .limit(1);
  return Boolean(redirect);
}

/** Keeps `oldSlug` pointing at the studio; taking a former slug back ends its redirect. */
export async function moveSlug(
  tx: Db | Tx,
  organizationId: string,
  oldSlug: string,
  newSlug: string,
): Promise<void> {
  await tx
    .delete(organizationSlugRedirects)
    .where(
      and(
        eq(organizationSlugRedirects.slug, newSlug),
        eq(organizationSlugRedirects.organizationId, organizationId),
      ),
    );
  await tx
    .insert(organizationSlugRedirects)
    .values({ slug: oldSlug, organizationId })
    .onConflictDoNothing();
}

/** The studio a slug names: its current slug, or a former one (then `slug` is the current). */
export async function findStudioBySlugOrRedirect(
  db: Db | Tx,
  slug: string,
): Promise<{ id: string; name: string; slug: string } | null> {
  const fields = { id: organizations.id, name: organizations.name, slug: organizations.slug };
  const [current] = await db.select(fields).from(organizations).where(eq(organizations.slug, slug));
  if (current) return current;
  const [redirected] = await db
    .select(fields)
    .from(organizationSlugRedirects)
    .innerJoin(organizations, eq(organizations.id, organizationSlugRedirects.organizationId))
    .where(eq(organizationSlugRedirects.slug, slug));
  return redirected ?? null;
}

/** Replaces the studio's stored logo (one at a time: an old one is no longer served). */
export async function replaceLogo(
  tx: Db | Tx,
  organizationId: string,
  logo: { contentHash: string; contentType: string; data: Buffer },
): Promise<void> {
  await tx
    .delete(organizationLogos)
    .where(
      and(
        eq(organizationLogos.organizationId, organizationId),
        ne(organizationLogos.contentHash, logo.contentHash),
      ),
    );
  await tx
    .insert(organizationLogos)
    .values({ organizationId, ...logo })
    .onConflictDoNothing();
}

export async function deleteLogos(tx: Db | Tx, organizationId: string): Promise<void> {
  await tx.delete(organizationLogos).where(eq(organizationLogos.organizationId, organizationId));
}

/** The studio whose current logo has this hash (read before any tenant scope is known). */
export async function findStudioByLogoHash(db: Db, hash: string): Promise<string | null> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.logoHash, hash))
    .limit(1);
  return row?.id ?? null;
}

export async function findLogo(
  tx: Db | Tx,
  organizationId: string,
  hash: string,
): Promise<{ contentType: string; data: Buffer } | null> {
  const [row] = await tx
    .select({ contentType: organizationLogos.contentType, data: organizationLogos.data })
    .from(organizationLogos)
    .where(
      and(
        eq(organizationLogos.organizationId, organizationId),
        eq(organizationLogos.contentHash, hash),
      ),
    );
  return row ?? null;
}

export async function listInvoices(db: Db | Tx, organizationId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.organizationId, organizationId))
    .orderBy(desc(subscriptionInvoices.createdAt), desc(subscriptionInvoices.number));
}

export async function countInvoices(tx: Db | Tx, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.organizationId, organizationId));
  return row?.n ?? 0;
}

export async function insertInvoice(
  tx: Db | Tx,
  values: typeof subscriptionInvoices.$inferInsert,
): Promise<void> {
  await tx.insert(subscriptionInvoices).values(values);
}

/** Whether the studio has any ledger entry (a sale, charge or payment): its currency is fixed. */
export async function hasLedgerEntry(db: Db | Tx, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.organizationId, organizationId))
    .limit(1);
  return !!row;
}
