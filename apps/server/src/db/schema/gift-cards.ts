import { GIFT_CARD_MOVEMENT_KINDS } from '@fitbase/domain/money-constants';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { amount, createdAt, oneOf } from './columns.ts';
import { members } from './members.ts';
import { organizations } from './organizations.ts';

// Gift cards (docs/product/money-and-store.md#gift-cards, ADR 0040). Selling one is a liability:
// its money is a `gift_card_sale` ledger row, never a sale; each redemption is a ledger charge
// paid with method `gift_card`, which is revenue.

const money = amount;

export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** sha256 of the normalised code: the code itself is never stored (it was emailed). */
    codeHash: text('code_hash').notNull(),
    /** The code's last four characters, to tell cards apart on screen. */
    codeLastFour: text('code_last_four').notNull(),
    initialAmount: money('initial_amount').notNull(),
    /** The studio's currency when it was sold (fixed after the first sale: ADR 0038). */
    currency: text('currency').notNull(),
    /**
     * What is left: the sum of its movements, kept on the row so that a redemption locks the
     * row, checks and updates it in one place; the check refuses a negative balance whatever
     * the code does.
     */
    balance: money('balance').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    recipientName: text('recipient_name'),
    message: text('message'),
    /** The member who bought it (a card on file or the portal); null for a cash walk-in. */
    purchaserMemberId: uuid('purchaser_member_id'),
    /** The ledger row of the money taken for it (kind gift_card_sale). */
    saleEntryId: uuid('sale_entry_id'),
    soldBy: text('sold_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'gift_cards_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('gift_cards_org_code_idx').on(t.organizationId, t.codeHash),
    index('gift_cards_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    foreignKey({
      name: 'gift_cards_purchaser_fk',
      columns: [t.organizationId, t.purchaserMemberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('set null (purchaser_member_id)' as 'set null'),
    check('gift_cards_amount_check', sql`${t.initialAmount} > 0`),
    check('gift_cards_balance_check', sql`${t.balance} >= 0`),
  ],
);

/** Every change of a card's balance; their sum is its balance. */
export const giftCardMovements = pgTable(
  'gift_card_movements',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    giftCardId: uuid('gift_card_id').notNull(),
    kind: text('kind', { enum: GIFT_CARD_MOVEMENT_KINDS }).notNull(),
    /** Signed: issue and refund add, redeem takes away. */
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    /** The ledger row this movement goes with, by its idempotency key. */
    ledgerKey: text('ledger_key'),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'gift_card_movements_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'gift_card_movements_card_fk',
      columns: [t.organizationId, t.giftCardId],
      foreignColumns: [giftCards.organizationId, giftCards.id],
    }).onDelete('cascade'),
    index('gift_card_movements_org_card_idx').on(t.organizationId, t.giftCardId, t.createdAt),
    uniqueIndex('gift_card_movements_org_key_idx').on(t.organizationId, t.ledgerKey),
    check('gift_card_movements_kind_check', oneOf(t.kind, GIFT_CARD_MOVEMENT_KINDS)),
    check(
      'gift_card_movements_sign_check',
      sql`case when ${t.kind} in ('redeem', 'refund_to_buyer') then ${t.amount} < 0 else ${t.amount} > 0 end`,
    ),
    check('gift_card_movements_after_check', sql`${t.balanceAfter} >= 0`),
  ],
);
