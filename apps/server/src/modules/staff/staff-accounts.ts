import type { StaffRole } from '@fitbase/domain/contracts/staff';
import { generateRandomString } from 'better-auth/crypto';
import type { Auth } from '../../auth/auth.ts';
import type { Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { accounts, users } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/platform.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { insertMembership } from './staff.queries.ts';

export interface NewCredentialAccount {
  id: string;
  passwordHash: string;
}

/**
 * Hashes the password with better-auth's own hasher and picks the id its adapter would,
 * before any transaction starts: scrypt is slow and must not hold row locks.
 */
export async function prepareCredentialAccount(
  auth: Auth,
  password: string,
): Promise<NewCredentialAccount> {
  const context = await auth.$context;
  const id = context.generateId({ model: 'user' }) || generateRandomString(32, 'a-z', 'A-Z', '0-9');
  return { id, passwordHash: await context.password.hash(password) };
}

/**
 * Writes the rows better-auth's email sign-up writes (user, credential account) plus the
 * profile (the person's own name; what a studio says about them goes on the membership),
 * inside the caller's transaction: better-auth's API cannot join our transaction,
 * and the account must not outlive a membership or invitation write that rolls back.
 * Sign-in through /api/auth/sign-in/email then works as for any sign-up (tested).
 */
export async function insertCredentialAccount(
  tx: Tx,
  prepared: NewCredentialAccount,
  person: {
    email: string;
    fullName: string;
    organizationId: string;
    emailVerified: boolean;
  },
): Promise<void> {
  const now = new Date();
  await tx.insert(users).values({
    id: prepared.id,
    name: person.fullName,
    email: person.email,
    emailVerified: person.emailVerified,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(accounts).values({
    id: generateRandomString(32, 'a-z', 'A-Z', '0-9'),
    // better-auth's credential provider uses the user id as the account id.
    accountId: prepared.id,
    providerId: 'credential',
    userId: prepared.id,
    password: prepared.passwordHash,
    createdAt: now,
    updatedAt: now,
  });
  // The new person lands in this organization on their first sign-in.
  await tx.insert(profiles).values({
    id: prepared.id,
    email: person.email,
    fullName: person.fullName,
    organizationId: person.organizationId,
  });
}

/**
 * A new person joining a studio in one go (created by staff, or accepting an invitation with
 * a new account): the credential account, their membership with the studio's facts about
 * them, and the live-list event, all inside the caller's transaction. Returns the membership id.
 */
export async function insertAccountWithMembership(
  tx: Tx,
  unit: UnitOfWork,
  prepared: NewCredentialAccount,
  person: {
    email: string;
    fullName: string;
    organizationId: string;
    emailVerified: boolean;
    role: StaffRole;
    department: string | null;
  },
): Promise<string> {
  await insertCredentialAccount(tx, prepared, person);
  const id = await insertMembership(tx, {
    organizationId: person.organizationId,
    userId: prepared.id,
    role: person.role,
    department: person.department,
  });
  if (!id) throw new Error('new account already had a membership');
  publishChange(unit, {
    organizationId: person.organizationId,
    entity: 'staff',
    action: 'created',
    ids: [id],
  });
  return id;
}
