import { STAFF_ROLES, type StaffRole } from '@fitbase/domain/contracts/staff';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { organizations, organizationUsers } from '../../db/schema/organizations.ts';
import { profiles } from '../../db/schema/platform.ts';

/**
 * organization_users joined with the person's account and profile (docs/product/staff.md).
 * The name and department are the studio's own, on the membership; the name falls back to
 * the person's own name while the studio has not set one.
 */
const staffColumns = {
  id: organizationUsers.id,
  userId: organizationUsers.userId,
  role: organizationUsers.role,
  joinedAt: organizationUsers.joinedAt,
  // The sign-in address is the account's; the profile's copy may lag behind it.
  email: users.email,
  fullName: sql<
    string | null
  >`coalesce(nullif(${organizationUsers.displayName}, ''), ${profiles.fullName}, nullif(${users.name}, ''))`,
  department: organizationUsers.department,
  // The person's own name, so an edit that keeps it stores no studio name of its own.
  ownName: sql<string | null>`coalesce(${profiles.fullName}, nullif(${users.name}, ''))`,
};

export type StaffRow = {
  id: string;
  userId: string;
  role: (typeof organizationUsers.$inferSelect)['role'];
  joinedAt: Date;
  email: string;
  fullName: string | null;
  department: string | null;
  ownName: string | null;
};

function staffSelect(db: Db | Tx) {
  return db
    .select(staffColumns)
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .leftJoin(profiles, eq(profiles.id, organizationUsers.userId));
}

/**
 * The roles staff, trainer and admin of one organization; the owner is not listed
 * (docs/product/staff.md).
 */
export async function listStaff(db: Db, organizationId: string): Promise<StaffRow[]> {
  return staffSelect(db)
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        inArray(organizationUsers.role, [...STAFF_ROLES]),
      ),
    )
    .orderBy(asc(organizationUsers.joinedAt), asc(organizationUsers.id));
}

/** One membership of this organization (any role, so the owner can be refused by name). */
export async function findMembershipById(
  db: Db | Tx,
  organizationId: string,
  id: string,
): Promise<StaffRow | null> {
  const [row] = await staffSelect(db)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.id, id)))
    .limit(1);
  return row ?? null;
}

/** Locks the membership row so concurrent edits of one person apply one after the other. */
export async function lockMembership(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .select({ id: organizationUsers.id })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.id, id)))
    .for('update');
  return rows.length > 0;
}

export async function findMembershipOfUser(db: Db | Tx, organizationId: string, userId: string) {
  const [row] = await db
    .select({ id: organizationUsers.id, role: organizationUsers.role })
    .from(organizationUsers)
    .where(
      and(
        eq(organizationUsers.organizationId, organizationId),
        eq(organizationUsers.userId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface MembershipFacts {
  /** null: the studio shows the person's own name. */
  displayName?: string | null;
  department?: string | null;
}

/** Adds the membership; null when the person already belongs to the organization. */
export async function insertMembership(
  tx: Tx,
  values: { organizationId: string; userId: string; role: StaffRole } & MembershipFacts,
): Promise<string | null> {
  const [row] = await tx
    .insert(organizationUsers)
    .values(values)
    .onConflictDoNothing({ target: [organizationUsers.organizationId, organizationUsers.userId] })
    .returning({ id: organizationUsers.id });
  return row?.id ?? null;
}

export async function updateMembershipRole(
  tx: Tx,
  organizationId: string,
  id: string,
  role: StaffRole,
): Promise<void> {
  await tx
    .update(organizationUsers)
    .set({ role })
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.id, id)));
}

export async function deleteMembership(
  tx: Tx,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const rows = await tx
    .delete(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.id, id)))
    .returning({ id: organizationUsers.id });
  return rows.length > 0;
}

export async function findOrganizationName(db: Db | Tx, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) throw new Error(`organization ${organizationId} not found`);
  return row.name;
}

/** better-auth stores emails lowercased; callers pass a lowercased address. */
export async function findUserByEmail(db: Db | Tx, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

/**
 * The studio's own facts about a member of its team. Only the membership row is written:
 * the person's account and profile are shared with their other studios.
 */
export async function updateMembershipFacts(
  tx: Tx,
  organizationId: string,
  id: string,
  facts: Required<MembershipFacts>,
): Promise<void> {
  await tx
    .update(organizationUsers)
    .set(facts)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.id, id)));
}
