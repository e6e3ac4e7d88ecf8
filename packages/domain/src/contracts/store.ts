import { z } from 'zod';
import { partialUpdateSchema } from './partial-update.ts';
import {
  ORDER_STATUSES,
  PAYMENT_METHOD_KINDS,
  STOCK_MOVEMENT_REASONS,
  TENDER_METHOD_KINDS,
} from '../money-constants.ts';
import { amountSchema, pageInfoSchema, quantitySchema } from './money.ts';

/** The store: products, point-of-sale orders, inventory (docs/product/money-and-store.md#store). */

const productFields = {
  name: z
    .string({ error: 'Product Name is required' })
    .trim()
    .min(1, 'Product Name is required')
    .max(120, 'Product Name is at most 120 characters'),
  sku: z
    .string({ error: 'SKU is required' })
    .trim()
    .min(1, 'SKU is required')
    .max(60, 'SKU is at most 60 characters'),
  category: z
    .string()
    .trim()
    .max(60, 'Category is at most 60 characters')
    .nullable()
    .transform((v) => (v ? v : null)),
  price: amountSchema('Price', { allowZero: true }),
  cost: amountSchema('Cost', { allowZero: true }).nullable(),
  lowStockThreshold: z
    .number({ error: 'Low-stock threshold must be a whole number' })
    .int('Low-stock threshold must be a whole number')
    .min(0, 'Low-stock threshold cannot be negative')
    .max(100_000, 'Low-stock threshold is at most 100000'),
  isActive: z.boolean(),
  /** The sales tax or VAT charged on it (docs/product/money-and-store.md#tax); null = untaxed. */
  taxRateId: z.uuid('Choose a tax rate').nullable(),
};

export const productInputSchema = z.object({
  ...productFields,
  category: productFields.category.default(null),
  cost: productFields.cost.default(null),
  lowStockThreshold: productFields.lowStockThreshold.default(0),
  isActive: productFields.isActive.default(true),
  taxRateId: productFields.taxRateId.default(null),
  /** Opening stock, recorded as a 'received' movement. */
  initialStock: z
    .number({ error: 'Opening stock must be a whole number' })
    .int('Opening stock must be a whole number')
    .min(0, 'Opening stock cannot be negative')
    .max(100_000, 'Opening stock is at most 100000')
    .default(0),
});
export type ProductInput = z.input<typeof productInputSchema>;
export const productUpdateSchema = partialUpdateSchema(productFields);
export type ProductUpdate = z.input<typeof productUpdateSchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  category: z.string().nullable(),
  price: z.string(),
  cost: z.string().nullable(),
  stockOnHand: z.number().int(),
  lowStockThreshold: z.number().int(),
  isLowStock: z.boolean(),
  isActive: z.boolean(),
  taxRateId: z.string().nullable(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  category: z.string().trim().max(60).optional(),
  lowStock: z.enum(['true', 'false']).optional(),
  active: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const productPageSchema = z.object({
  products: z.array(productSchema),
  pageInfo: pageInfoSchema,
  categories: z.array(z.string()),
});

/** The store's counts, computed (never fixed): products, orders this month, low stock. */
export const storeSummarySchema = z.object({
  products: z.number().int(),
  orders: z.number().int(),
  lowStock: z.number().int(),
});
export type StoreSummary = z.infer<typeof storeSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Orders (point of sale)

export const orderCreateSchema = z
  .object({
    memberId: z.uuid('Choose a member').nullable().default(null),
    customerName: z
      .string()
      .trim()
      .max(120, 'Customer name is at most 120 characters')
      .nullable()
      .default(null),
    lines: z
      .array(z.object({ productId: z.uuid('Choose a product'), quantity: quantitySchema() }))
      .min(1, 'Add at least one product')
      .max(50, 'An order has at most 50 lines'),
    discountCode: z.string().trim().max(40).optional(),
    method: z.enum(TENDER_METHOD_KINDS, 'Choose how the customer pays'),
    paymentMethodId: z.uuid().optional(),
    /**
     * A gift card pays first, up to its balance; `method` pays the rest (ADR 0040). Wrong codes
     * are rate limited per studio and client.
     */
    giftCardCode: z.string().trim().max(64, 'That is not a gift card code').optional(),
  })
  .refine((v) => v.method !== 'card' || v.memberId !== null, {
    message: 'Card on file needs a member: choose a member or take cash',
    path: ['method'],
  });
export type OrderCreate = z.input<typeof orderCreateSchema>;

export const orderLineSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.string(),
  lineTotal: z.string(),
  returnedQuantity: z.number().int(),
});
export const orderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  member: z.object({ id: z.string(), name: z.string() }).nullable(),
  customerName: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  subtotal: z.string(),
  discountTotal: z.string(),
  /** Tax inside the total (inclusive rates) or added to reach it (exclusive). */
  taxTotal: z.string(),
  discountCode: z.string().nullable(),
  total: z.string(),
  refundedTotal: z.string(),
  method: z.enum(PAYMENT_METHOD_KINDS),
  paymentMethodLabel: z.string().nullable(),
  /** Checkout's answer only: what a gift card paid and what is left on it. */
  giftCardPayment: z
    .object({ lastFour: z.string(), amount: z.string(), balance: z.string() })
    .optional(),
  failureMessage: z.string().nullable(),
  soldByName: z.string().nullable(),
  lines: z.array(orderLineSchema),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const orderPageSchema = z.object({ orders: z.array(orderSchema), pageInfo: pageInfoSchema });

/** Refund an order: the lines returned (stock comes back) and/or an amount. */
export const orderRefundSchema = z.object({
  lines: z
    .array(z.object({ lineId: z.uuid(), quantity: quantitySchema('Quantity returned') }))
    .default([]),
  /** Omitted = the returned lines' value (or the whole order when no lines are given). */
  amount: amountSchema('Refund amount').optional(),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason is at most 500 characters'),
});
export type OrderRefund = z.input<typeof orderRefundSchema>;

// ---------------------------------------------------------------------------------------------
// Inventory

export const stockMovementSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(STOCK_MOVEMENT_REASONS),
  orderNumber: z.number().int().nullable(),
  note: z.string().nullable(),
  recordedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementQuery = z.object({
  productId: z.uuid().optional(),
  reason: z.enum(STOCK_MOVEMENT_REASONS).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const stockMovementPageSchema = z.object({
  movements: z.array(stockMovementSchema),
  pageInfo: pageInfoSchema,
});

/** Stock received, adjusted (±) or counted (the new absolute count). */
export const stockChangeSchema = z.discriminatedUnion('reason', [
  z.object({
    reason: z.literal('received'),
    quantity: quantitySchema('Quantity received'),
    note: z.string().trim().max(200).optional(),
  }),
  z.object({
    reason: z.literal('adjusted'),
    quantity: z
      .number({ error: 'Adjustment must be a whole number' })
      .int('Adjustment must be a whole number')
      .refine((q) => q !== 0, 'Adjustment cannot be 0')
      .refine((q) => Math.abs(q) <= 100_000, 'Adjustment is at most 100000'),
    note: z.string().trim().min(1, 'Say why stock is adjusted').max(200),
  }),
  z.object({
    reason: z.literal('counted'),
    count: z
      .number({ error: 'Count must be a whole number' })
      .int('Count must be a whole number')
      .min(0, 'Count cannot be negative')
      .max(100_000, 'Count is at most 100000'),
    note: z.string().trim().max(200).optional(),
  }),
]);
export type StockChange = z.input<typeof stockChangeSchema>;
