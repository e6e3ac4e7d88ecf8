import { STAFF_ROLES, type StaffRole } from '@fitbase/domain/contracts/staff';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { organizations, organizationUsers } from '../../db/schema/organizations.ts';
import { profiles } from '../../db/schema/platform.ts';

/** organization_users joined with the person's account and profile (doc 2 §7 Staff). */
const staffColumns = {
  id: organizationUsers.id,
  userId: organizationUsers.userId,
  role: organizationUsers.role,
  joinedAt: organizationUsers.joinedAt,
  // The sign-in address is the account's; the profile's copy may lag behind it.
  email: users.email,
  fullName: sql<string | null>`coalesce(${profiles.fullName}, nullif(${users.name}, ''))`,
  department: profiles.department,
};

export type StaffRow = {
  id: string;
  userId: string;
  role: (typeof organizationUsers.$inferSelect)['role'];
  joinedAt: Date;
  email: string;
  fullName: string | null;
  department: string | null;
};

function staffSelect(db: Db | Tx) {
  return db
    .select(staffColumns)
    .from(organizationUsers)
    .innerJoin(users, eq(users.id, organizationUsers.userId))
    .leftJoin(profiles, eq(profiles.id, organizationUsers.userId));
}

/** The roles staff, trainer and admin of one organization; the owner is not listed (doc 2 §7). */
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

/** Adds the membership; null when the person already belongs to the organization. */
export async function insertMembership(
  tx: Tx,
  values: { organizationId: string; userId: string; role: StaffRole },
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

/** The edit flow updates the person's profile (full_name, department) and account name. */
export async function updatePerson(
  tx: Tx,
  userId: string,
  values: { email: string; fullName: string; department: string | null },
): Promise<void> {
  await tx.update(users).set({ name: values.fullName }).where(eq(users.id, userId));
  await tx
    .insert(profiles)
    .values({
      id: userId,
      email: values.email,
      fullName: values.fullName,
      department: values.department,
    })
    .onConflictDoUpdate({
      target: profiles.id,
      set: { fullName: values.fullName, department: values.department },
    });
}

/** Sets the department of an existing person's profile without touching their name. */
export async function setDepartment(
  tx: Tx,
  userId: string,
  email: string,
  department: string | null,
): Promise<void> {
  await tx
    .insert(profiles)
    .values({ id: userId, email, department })
    .onConflictDoUpdate({ target: profiles.id, set: { department } });
}
