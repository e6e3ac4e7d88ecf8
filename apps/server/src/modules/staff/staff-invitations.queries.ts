import type { StaffRole } from '@fitbase/domain/contracts/staff';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { organizations, staffInvitations } from '../../db/schema/organizations.ts';

export type StaffInvitationRow = typeof staffInvitations.$inferSelect;

const sameEmail = (email: string) => sql`lower(${staffInvitations.email}) = ${email.toLowerCase()}`;

/**
 * A pending, unexpired invitation with its organization's name
 * (docs/product/staff.md#accepting-an-invitation); else null.
 */
export async function findOpenInvitationByToken(db: Db, token: string) {
  const [row] = await db
    .select({ invitation: staffInvitations, organizationName: organizations.name })
    .from(staffInvitations)
    .innerJoin(organizations, eq(organizations.id, staffInvitations.organizationId))
    .where(
      and(
        eq(staffInvitations.token, token),
        eq(staffInvitations.status, 'pending'),
        gt(staffInvitations.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks the invitation accepted if, and only if, it is still pending and unexpired. As the
 * first statement of the acceptance transaction it takes the row lock: a concurrent accept
 * waits, then finds the row no longer pending and gets nothing back.
 */
export async function claimInvitation(tx: Tx, id: string): Promise<StaffInvitationRow | null> {
  const [row] = await tx
    .update(staffInvitations)
    .set({ status: 'accepted', acceptedAt: sql`now()` })
    .where(
      and(
        eq(staffInvitations.id, id),
        eq(staffInvitations.status, 'pending'),
        gt(staffInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

export interface InvitationValues {
  organizationId: string;
  email: string;
  firstName: string;
  lastName: string;
  department: string | null;
  role: StaffRole;
  invitedBy: string;
  token: string;
  expiresAt: Date;
}

/** Renews the person's pending invitation (new token and expiry) or creates one. */
export async function upsertPendingInvitation(
  tx: Tx,
  values: InvitationValues,
): Promise<StaffInvitationRow> {
  const [pending] = await tx
    .select({ id: staffInvitations.id })
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.organizationId, values.organizationId),
        sameEmail(values.email),
        eq(staffInvitations.status, 'pending'),
      ),
    )
    .orderBy(desc(staffInvitations.createdAt))
    .limit(1)
    .for('update');
  if (pending) {
    const [row] = await tx
      .update(staffInvitations)
      .set(values)
      .where(
        and(
          eq(staffInvitations.organizationId, values.organizationId),
          eq(staffInvitations.id, pending.id),
        ),
      )
      .returning();
    if (!row) throw new Error('update staff_invitations returned no row');
    return row;
  }
  const [row] = await tx.insert(staffInvitations).values(values).returning();
  if (!row) throw new Error('insert staff_invitations returned no row');
  return row;
}

/** A removed person's open invitation must not let them rejoin. */
export async function deletePendingInvitations(
  tx: Tx,
  organizationId: string,
  email: string,
): Promise<void> {
  await tx
    .delete(staffInvitations)
    .where(
      and(
        eq(staffInvitations.organizationId, organizationId),
        sameEmail(email),
        eq(staffInvitations.status, 'pending'),
      ),
    );
}
