import {
  DEMO_DECLINED_LAST_FOUR,
  DEMO_INSUFFICIENT_FUNDS_LAST_FOUR,
} from '@fitbase/domain/money-constants';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../../db/client.ts';
import { demoProviderCharges } from '../../../db/schema/money.ts';
import type {
  PaymentProvider,
  ProviderChargeResult,
  ProviderFailureCode,
} from './payment-provider.ts';

const FAILURE_MESSAGES: Record<ProviderFailureCode, string> = {
  card_declined: 'The card was declined.',
  insufficient_funds: 'The card has insufficient funds.',
};

/** Stripe's test-card convention: 0002 declines, 9995 has no funds, every other card pays. */
function decide(lastFour: string | undefined): ProviderFailureCode | null {
  if (lastFour === DEMO_DECLINED_LAST_FOUR) return 'card_declined';
  if (lastFour === DEMO_INSUFFICIENT_FUNDS_LAST_FOUR) return 'insufficient_funds';
  return null;
}

const reference = (prefix: string) => `${prefix}_demo_${randomBytes(9).toString('hex')}`;

function toResult(row: { approved: boolean; reference: string; failureCode: string | null }) {
  const failureCode = row.failureCode as ProviderFailureCode | null;
  return {
    approved: row.approved,
    reference: row.reference,
    failureCode,
    failureMessage: failureCode ? FAILURE_MESSAGES[failureCode] : null,
  } satisfies ProviderChargeResult;
}

/**
 * Remembers the answer under the key; a repeated key (a re-run after a crash, two runners)
 * gets the first answer back and is never charged twice. ON CONFLICT waits for a concurrent
 * writer of the same key, then reads its row.
 */
async function remember(
  db: Db | Tx,
  organizationId: string,
  idempotencyKey: string,
  answer: { amount: string; approved: boolean; failureCode: string | null; prefix: string },
) {
  const [inserted] = await db
    .insert(demoProviderCharges)
    .values({
      organizationId,
      idempotencyKey,
      reference: reference(answer.prefix),
      amount: answer.amount,
      approved: answer.approved,
      failureCode: answer.failureCode,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(demoProviderCharges)
    .where(
      and(
        eq(demoProviderCharges.organizationId, organizationId),
        eq(demoProviderCharges.idempotencyKey, idempotencyKey),
      ),
    );
  if (!existing) throw new Error('Demo provider lost an idempotency key');
  return existing;
}

export const demoProvider: PaymentProvider = {
  name: 'demo',
  async charge(db, request) {
    const failureCode = decide(request.card?.lastFour);
    const row = await remember(db, request.organizationId, request.idempotencyKey, {
      amount: request.amount,
      approved: failureCode === null,
      failureCode,
      prefix: 'ch',
    });
    return toResult(row);
  },
  async refund(db, request) {
    const row = await remember(db, request.organizationId, request.idempotencyKey, {
      amount: `-${request.amount}`,
      approved: true,
      failureCode: null,
      prefix: 're',
    });
    return { reference: row.reference };
  },
};
