import {
  BILLING_INTERVALS,
  CHARGE_PURPOSES,
  CHARGE_STATUSES,
  DISCOUNT_KINDS,
  LEDGER_KINDS,
  MEMBERSHIP_STATES,
  ORDER_STATUSES,
  PAY_RATE_KINDS,
  PAYMENT_METHOD_KINDS,
  PAYMENT_PROVIDERS,
  PLAN_KINDS,
  STOCK_MOVEMENT_REASONS,
} from '@fitbase/domain/money-constants';
import type { TaxLine } from '@fitbase/domain/tax';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { amount, createdAt, oneOf, updatedAt } from './columns.ts';
import { gymServices, memberPaymentMethods, members } from './members.ts';
import { organizations } from './organizations.ts';

// docs/product/money-and-store.md describes every table below. Money is numeric(11,3) (ADR 0003, ADR 0043);
// every table leads its keys with organization_id and carries the tenant RLS policy (migration 0010).

const money = amount;
const orgId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/**
 * A studio's sales tax or VAT rate (docs/product/money-and-store.md#tax): a percent with up to
 * four decimals, included in prices or added on top. Never deleted once used: archived
 * (is_active false), because past sales keep their own copy in ledger_entries.tax_lines.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: orgId(),
    name: text('name').notNull(),
    rate: numeric('rate', { precision: 6, scale: 4 }).notNull(),
    inclusive: boolean('inclusive').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'tax_rates_pkey', columns: [t.organizationId, t.id] }),
    check('tax_rates_name_check', sql`length(trim(${t.name})) between 1 and 60`),
    check('tax_rates_rate_check', sql`${t.rate} >= 0 and ${t.rate} < 100`),
  ],
);

/** A pricing option a studio sells: usually beside one of its services. */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: orgId(),
    serviceId: uuid('service_id'),
    name: text('name').notNull(),
    description: text('description'),
    kind: text('kind', { enum: PLAN_KINDS }).notNull(),
    price: money('price').notNull(),
    /** Recurring memberships only: how often it bills. */
    billingInterval: text('billing_interval', { enum: BILLING_INTERVALS }),
    signupFee: money('signup_fee').notNull().default('0'),
    /** Taxes the price and the sign-up fee; null = untaxed. */
    taxRateId: uuid('tax_rate_id'),
    /** Recurring memberships: the member may not cancel before this many billing periods. */
    minimumTermPeriods: integer('minimum_term_periods'),
    /** Null = unlimited classes per week. */
    weeklyClassLimit: integer('weekly_class_limit'),
    /** Class packs (N credits) and drop-ins (1). Null = no credits (bookings are free). */
    credits: integer('credits'),
    /** Class packs and drop-ins: valid this many days; trials: last this many days. */
    validityDays: integer('validity_days'),
    isActive: boolean('is_active').notNull().default(true),
    /** Offered in the members' portal (`Buy`) and to online joiners (docs/product/member-portal.md). */
    soldOnline: boolean('sold_online').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'plans_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'plans_service_fk',
      columns: [t.organizationId, t.serviceId],
      foreignColumns: [gymServices.organizationId, gymServices.id],
    }).onDelete('set null (service_id)' as 'set null'),
    foreignKey({
      name: 'plans_tax_rate_fk',
      columns: [t.organizationId, t.taxRateId],
      foreignColumns: [taxRates.organizationId, taxRates.id],
    }),
    index('plans_org_service_idx').on(t.organizationId, t.serviceId),
    check('plans_kind_check', oneOf(t.kind, PLAN_KINDS)),
    check('plans_name_check', sql`length(trim(${t.name})) > 0`),
    check('plans_price_check', sql`${t.price} >= 0`),
    check('plans_signup_fee_check', sql`${t.signupFee} >= 0`),
    check(
      'plans_interval_check',
      sql`(${t.kind} = 'membership') = (${t.billingInterval} is not null) and (${t.billingInterval} is null or ${oneOf(t.billingInterval, BILLING_INTERVALS)})`,
    ),
    check('plans_credits_check', sql`${t.credits} is null or ${t.credits} between 1 and 1000`),
    check(
      'plans_validity_check',
      sql`${t.validityDays} is null or ${t.validityDays} between 1 and 3650`,
    ),
    check(
      'plans_limit_check',
      sql`${t.weeklyClassLimit} is null or ${t.weeklyClassLimit} between 1 and 100`,
    ),
    check(
      'plans_term_check',
      sql`${t.minimumTermPeriods} is null or ${t.minimumTermPeriods} between 1 and 120`,
    ),
  ],
);

/** One sale of a plan to a member: its dates, billing and credits. */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: orgId(),
    memberId: uuid('member_id').notNull(),
    planId: uuid('plan_id').notNull(),
    status: text('status', { enum: MEMBERSHIP_STATES }).notNull().default('active'),
    /** The plan's price when sold, after any discount (what each period bills). */
    price: money('price').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Null = open-ended (a recurring membership until cancelled). */
    endDate: date('end_date', { mode: 'string' }),
    /** Recurring memberships: the next day the billing job charges, in the studio's time zone. */
    nextBillingDate: date('next_billing_date', { mode: 'string' }),
    creditsRemaining: integer('credits_remaining'),
    pausedOn: date('paused_on', { mode: 'string' }),
    resumesOn: date('resumes_on', { mode: 'string' }),
    /**
     * A pause the member booked ahead in the portal: its first paused day and the day it
     * resumes. The lifecycle job starts it on that day (docs/product/member-portal.md#membership).
     */
    pauseStartsOn: date('pause_starts_on', { mode: 'string' }),
    pauseResumesOn: date('pause_resumes_on', { mode: 'string' }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /**
     * Households (docs/product/members.md#households): a class pack bought as shared; any member
     * of the buyer's household may book with its credits.
     */
    sharedWithHousehold: boolean('shared_with_household').notNull().default(false),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Billing retries: attempts that failed for the current period, and when to try again. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    nextRetryDate: date('next_retry_date', { mode: 'string' }),
    discountCodeId: uuid('discount_code_id'),
    soldBy: text('sold_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'memberships_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'memberships_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'memberships_plan_fk',
      columns: [t.organizationId, t.planId],
      foreignColumns: [plans.organizationId, plans.id],
    }),
    index('memberships_org_member_idx').on(t.organizationId, t.memberId, t.startDate.desc()),
    // Reports: memberships that started or ended in a period.
    index('memberships_org_start_idx').on(t.organizationId, t.startDate),
    index('memberships_org_end_idx').on(t.organizationId, t.endDate),
    // The billing run's scan: due recurring memberships of one studio.
    index('memberships_billing_idx')
      .on(t.organizationId, t.nextBillingDate)
      .where(sql`${t.status} = 'active'`),
    index('memberships_retry_idx')
      .on(t.organizationId, t.nextRetryDate)
      .where(sql`${t.nextRetryDate} is not null`),
    check('memberships_status_check', oneOf(t.status, MEMBERSHIP_STATES)),
    check('memberships_price_check', sql`${t.price} >= 0`),
    check(
      'memberships_credits_check',
      sql`${t.creditsRemaining} is null or ${t.creditsRemaining} >= 0`,
    ),
    check('memberships_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * Each pause of a membership, kept after it resumes (the membership row holds only the current
 * one), so reports can say who was paused on any past day (docs/product/reports-and-analytics.md).
 */
export const membershipPauses = pgTable(
  'membership_pauses',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: orgId(),
    membershipId: uuid('membership_id').notNull(),
    /** The first paused day. */
    pausedOn: date('paused_on', { mode: 'string' }).notNull(),
    /** The first active day again; null while paused. */
    resumedOn: date('resumed_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'membership_pauses_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'membership_pauses_membership_fk',
      columns: [t.organizationId, t.membershipId],
      foreignColumns: [memberships.organizationId, memberships.id],
    }).onDelete('cascade'),
    index('membership_pauses_org_membership_idx').on(t.organizationId, t.membershipId),
    check(
      'membership_pauses_dates_check',
      sql`${t.resumedOn} is null or ${t.resumedOn} >= ${t.pausedOn}`,
    ),
  ],
);

/**
 * The ledger: every money movement, append-only. A charge's amount never changes (a trigger
 * refuses it); only its status moves pending → paid | failed, and paid → refunded once refunds
 * add up to it. Refunds (negative) and write-offs are new rows pointing at the charge.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: orgId(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    purpose: text('purpose', { enum: CHARGE_PURPOSES }).notNull(),
    status: text('status', { enum: CHARGE_STATUSES }).notNull(),
    /** Charges positive; refunds negative; write-offs positive (the amount forgiven). */
    amount: money('amount').notNull(),
    description: text('description').notNull(),
    memberId: uuid('member_id'),
    membershipId: uuid('membership_id'),
    orderId: uuid('order_id'),
    bookingId: uuid('booking_id'),
    /** Refund or write-off: the charge it corrects. */
    correctsId: uuid('corrects_id'),
    /** What one due is (e.g. membership:<id>:2026-12-01): every attempt at it shares the key. */
    dueKey: text('due_key'),
    attempt: integer('attempt').notNull().default(1),
    /** Unique per charge attempt; the provider sees the same key on a re-run (never charges twice). */
    idempotencyKey: text('idempotency_key').notNull(),
    method: text('method', { enum: PAYMENT_METHOD_KINDS }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    paymentMethodId: uuid('payment_method_id'),
    /**
     * Households: the member whose card paid when it is not `member_id`'s own (a parent paying a
     * child's membership). Revenue stays with member_id; set at insert like every column.
     */
    payerMemberId: uuid('payer_member_id'),
    /**
     * One processor charge covering several rows (a payer's household dues of one billing run):
     * the rows share this key, and the receipt trigger issues one receipt for the group.
     */
    paymentGroup: text('payment_group'),
    /**
     * Tax: net, tax and gross per rate, copied at the time of sale (a later rate change never
     * alters it); a refund's are the charge's given back in proportion, negative. Null = untaxed.
     */
    taxLines: jsonb('tax_lines').$type<TaxLine[]>(),
    providerReference: text('provider_reference'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'ledger_entries_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('ledger_entries_idempotency_idx').on(t.organizationId, t.idempotencyKey),
    foreignKey({
      name: 'ledger_entries_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('set null (member_id)' as 'set null'),
    foreignKey({
      name: 'ledger_entries_membership_fk',
      columns: [t.organizationId, t.membershipId],
      foreignColumns: [memberships.organizationId, memberships.id],
    }).onDelete('set null (membership_id)' as 'set null'),
    foreignKey({
      name: 'ledger_entries_payer_fk',
      columns: [t.organizationId, t.payerMemberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('set null (payer_member_id)' as 'set null'),
    index('ledger_entries_org_group_idx')
      .on(t.organizationId, t.paymentGroup)
      .where(sql`${t.paymentGroup} is not null`),
    foreignKey({
      name: 'ledger_entries_corrects_fk',
      columns: [t.organizationId, t.correctsId],
      foreignColumns: [t.organizationId, t.id],
    }),
    foreignKey({
      name: 'ledger_entries_payment_method_fk',
      columns: [t.organizationId, t.paymentMethodId],
      foreignColumns: [memberPaymentMethods.organizationId, memberPaymentMethods.id],
    }).onDelete('set null'), // SET NULL (payment_method_id) in migration 0049: organization_id stays
    index('ledger_entries_org_occurred_idx').on(t.organizationId, t.occurredAt.desc(), t.id.desc()),
    index('ledger_entries_org_member_idx').on(t.organizationId, t.memberId, t.occurredAt.desc()),
    index('ledger_entries_org_due_idx').on(t.organizationId, t.dueKey),
    index('ledger_entries_org_corrects_idx').on(t.organizationId, t.correctsId),
    // The Tax report reads taxed sales only: an untaxed studio's ledger is not in it at all.
    index('ledger_entries_org_taxed_idx')
      .on(t.organizationId, t.occurredAt)
      .where(sql`${t.taxLines} is not null`),
    // An order's and a membership's payments (order screens, amount due): without these a
    // studio with a long ledger scanned all of it per order (15 ms a sale at 20,000 members).
    index('ledger_entries_org_order_idx')
      .on(t.organizationId, t.orderId)
      .where(sql`${t.orderId} is not null`),
    index('ledger_entries_org_membership_idx')
      .on(t.organizationId, t.membershipId)
      .where(sql`${t.membershipId} is not null`),
    check('ledger_entries_kind_check', oneOf(t.kind, LEDGER_KINDS)),
    check('ledger_entries_purpose_check', oneOf(t.purpose, CHARGE_PURPOSES)),
    check('ledger_entries_status_check', oneOf(t.status, CHARGE_STATUSES)),
    check('ledger_entries_method_check', oneOf(t.method, PAYMENT_METHOD_KINDS)),
    check('ledger_entries_provider_check', oneOf(t.provider, PAYMENT_PROVIDERS)),
    check(
      'ledger_entries_sign_check',
      sql`case when ${t.kind} in ('refund', 'gift_card_refund') then ${t.amount} < 0 else ${t.amount} >= 0 end`,
    ),
    // Refunds and write-offs correct a charge, a gift card refund its gift card sale (ADR 0040);
    // charges and gift card sales stand alone.
    check(
      'ledger_entries_corrects_check',
      sql`(${t.kind} in ('refund', 'write_off', 'gift_card_refund')) = (${t.correctsId} is not null)`,
    ),
  ],
);

/**
 * The demo processor's own memory of what it charged, keyed by idempotency key, written in its
 * own statement (autocommit) like a remote processor would: a crash after it and before the
 * ledger update finds the key here on the re-run and gets the same answer, never a second charge.
 */
export const demoProviderCharges = pgTable(
  'demo_provider_charges',
  {
    organizationId: orgId(),
    idempotencyKey: text('idempotency_key').notNull(),
    reference: text('reference').notNull(),
    amount: money('amount').notNull(),
    approved: boolean('approved').notNull(),
    failureCode: text('failure_code'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('demo_provider_charges_key_idx').on(t.organizationId, t.idempotencyKey)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: orgId(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    category: text('category'),
    price: money('price').notNull(),
    cost: money('cost'),
    /** Null = untaxed. */
    taxRateId: uuid('tax_rate_id'),
    stockOnHand: integer('stock_on_hand').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'products_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'products_tax_rate_fk',
      columns: [t.organizationId, t.taxRateId],
      foreignColumns: [taxRates.organizationId, taxRates.id],
    }),
    uniqueIndex('products_org_sku_idx').on(t.organizationId, sql`lower(${t.sku})`),
    index('products_org_name_idx').on(t.organizationId, sql`lower(${t.name})`, t.id),
    // Stock never goes below zero: the database refuses it whatever the code does.
    check('products_stock_check', sql`${t.stockOnHand} >= 0`),
    check('products_threshold_check', sql`${t.lowStockThreshold} >= 0`),
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_cost_check', sql`${t.cost} is null or ${t.cost} >= 0`),
    check('products_name_check', sql`length(trim(${t.name})) > 0`),
    check('products_sku_check', sql`length(trim(${t.sku})) > 0`),
  ],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: orgId(),
    code: text('code').notNull(),
    description: text('description'),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    /** Percent (0–100] or a fixed dollar amount. */
    value: money('value').notNull(),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    usageLimit: integer('usage_limit'),
    timesUsed: integer('times_used').notNull().default(0),
    appliesToPlans: boolean('applies_to_plans').notNull().default(true),
    appliesToProducts: boolean('applies_to_products').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'discount_codes_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('discount_codes_org_code_idx').on(t.organizationId, sql`upper(${t.code})`),
    check('discount_codes_kind_check', oneOf(t.kind, DISCOUNT_KINDS)),
    check(
      'discount_codes_value_check',
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`,
    ),
    check(
      'discount_codes_usage_check',
      sql`${t.usageLimit} is null or ${t.timesUsed} <= ${t.usageLimit}`,
    ),
    check(
      'discount_codes_dates_check',
      sql`${t.endsOn} is null or ${t.startsOn} is null or ${t.endsOn} >= ${t.startsOn}`,
    ),
  ],
);

/**
 * Each studio's last order number. A sale bumps it in the statement that inserts the order: the
 * row's lock then orders concurrent sales' numbers, held only from that statement to the commit.
 */
export const orderNumberCounters = pgTable('order_number_counters', {
  organizationId: orgId().primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: orgId(),
    /** Shown as #1001…, one sequence per studio (order_number_counters, in commit order). */
    number: integer('number').notNull(),
    memberId: uuid('member_id'),
    /** A walk-in's name (no member). */
    customerName: text('customer_name'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    subtotal: money('subtotal').notNull(),
    discountTotal: money('discount_total').notNull().default('0'),
    /** Tax inside `total` (inclusive rates) or added to reach it (exclusive). */
    taxTotal: money('tax_total').notNull().default('0'),
    total: money('total').notNull(),
    refundedTotal: money('refunded_total').notNull().default('0'),
    discountCodeId: uuid('discount_code_id'),
    method: text('method', { enum: PAYMENT_METHOD_KINDS }).notNull(),
    paymentMethodId: uuid('payment_method_id'),
    /** The browser's Idempotency-Key: a replayed checkout returns this order, never a second. */
    idempotencyKey: text('idempotency_key'),
    soldBy: text('sold_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'orders_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('orders_org_number_idx').on(t.organizationId, t.number),
    uniqueIndex('orders_org_idempotency_idx').on(t.organizationId, t.idempotencyKey),
    foreignKey({
      name: 'orders_member_fk',
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('set null (member_id)' as 'set null'),
    foreignKey({
      name: 'orders_discount_fk',
      columns: [t.organizationId, t.discountCodeId],
      foreignColumns: [discountCodes.organizationId, discountCodes.id],
    }),
    index('orders_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
    check('orders_method_check', oneOf(t.method, PAYMENT_METHOD_KINDS)),
    check(
      'orders_totals_check',
      sql`${t.total} >= 0 and ${t.refundedTotal} >= 0 and ${t.refundedTotal} <= ${t.total}`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: orgId(),
    orderId: uuid('order_id').notNull(),
    productId: uuid('product_id').notNull(),
    /** Copied so the order reads the same after the product changes. */
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    lineTotal: money('line_total').notNull(),
    /** The line's tax after its share of the order's discount (0 when untaxed). */
    tax: money('tax').notNull().default('0'),
    /** What the line costs the buyer, discount taken and tax in; null before tax existed. */
    gross: money('gross'),
    returnedQuantity: integer('returned_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'order_lines_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'order_lines_order_fk',
      columns: [t.organizationId, t.orderId],
      foreignColumns: [orders.organizationId, orders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'order_lines_product_fk',
      columns: [t.organizationId, t.productId],
      foreignColumns: [products.organizationId, products.id],
    }),
    index('order_lines_org_order_idx').on(t.organizationId, t.orderId),
    check('order_lines_quantity_check', sql`${t.quantity} between 1 and 10000`),
    check('order_lines_returned_check', sql`${t.returnedQuantity} between 0 and ${t.quantity}`),
  ],
);

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: orgId(),
    productId: uuid('product_id').notNull(),
    /** Signed change of stock on hand. */
    quantity: integer('quantity').notNull(),
    /** Stock on hand after this movement. */
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason', { enum: STOCK_MOVEMENT_REASONS }).notNull(),
    orderId: uuid('order_id'),
    note: text('note'),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'stock_movements_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      name: 'stock_movements_product_fk',
      columns: [t.organizationId, t.productId],
      foreignColumns: [products.organizationId, products.id],
    }).onDelete('cascade'),
    index('stock_movements_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index('stock_movements_org_product_idx').on(t.organizationId, t.productId, t.createdAt.desc()),
    check('stock_movements_reason_check', oneOf(t.reason, STOCK_MOVEMENT_REASONS)),
    check('stock_movements_after_check', sql`${t.stockAfter} >= 0`),
  ],
);

/** What a trainer earns, from an effective date on (the reports issue turns it into payroll). */
export const payRates = pgTable(
  'pay_rates',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: orgId(),
    staffUserId: text('staff_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PAY_RATE_KINDS }).notNull(),
    amount: money('amount').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'pay_rates_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('pay_rates_org_staff_date_idx').on(
      t.organizationId,
      t.staffUserId,
      t.effectiveFrom,
    ),
    check('pay_rates_kind_check', oneOf(t.kind, PAY_RATE_KINDS)),
    check('pay_rates_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * A studio's rules for members' own changes to their memberships in the portal
 * (docs/product/member-portal.md#membership). No row: the defaults of
 * packages/domain/src/contracts/membership-rules.ts.
 */
export const membershipRules = pgTable(
  'membership_rules',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Days of notice a cancellation needs; it takes effect at the end of that billing period. */
    cancelNoticeDays: integer('cancel_notice_days').notNull().default(0),
    /** A pause a member books online lasts from `pauseMinDays` to `pauseMaxDays` days. */
    pauseMinDays: integer('pause_min_days').notNull().default(7),
    pauseMaxDays: integer('pause_max_days').notNull().default(90),
    /** Pauses a member may start in one calendar year. */
    pausesPerYear: integer('pauses_per_year').notNull().default(2),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('membership_rules_notice_check', sql`${t.cancelNoticeDays} between 0 and 180`),
    check(
      'membership_rules_pause_check',
      sql`${t.pauseMinDays} between 1 and 365 and ${t.pauseMaxDays} between ${t.pauseMinDays} and 365 and ${t.pausesPerYear} between 0 and 12`,
    ),
  ],
);
