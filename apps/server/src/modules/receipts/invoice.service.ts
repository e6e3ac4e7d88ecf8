import type { MembershipInvoiceInput } from '@fitbase/domain/contracts/receipts';
import { formatMills, toMills } from '@fitbase/domain/amounts';
import type { StudioScope } from '../../http/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as queries from './receipts.queries.ts';
import { renderReceipt, type RenderedReceipt } from './receipts.service.ts';

/**
 * An invoice for a membership, addressed to a company on request (an employer that reimburses
 * it): its own gap-free sequence (ADR 0039), the membership's payments as lines (refunds as
 * negative lines), the total paid. Issued now, in the request's transaction; each request is a
 * new invoice with the next number.
 */
export async function issueMembershipInvoice(
  scope: StudioScope,
  membershipId: string,
  input: MembershipInvoiceInput,
): Promise<RenderedReceipt> {
  const { organizationId, db } = scope;
  const membership = await queries.findMembershipForInvoice(db, organizationId, membershipId);
  if (!membership) throw notFound('Membership');
  const payments = await queries.membershipPayments(db, organizationId, membershipId);
  const totalMills = payments.reduce((sum, p) => sum + toMills(p.amount), 0);
  if (totalMills <= 0) {
    throw new AppError(
      'conflict',
      'This membership has no payments to invoice yet. Take its first payment, then issue the invoice.',
    );
  }
  const studio = await queries.studioBusiness(db, organizationId);
  if (!studio) throw notFound('Organization');
  const total = formatMills(totalMills);
  const number = await queries.takeNumber(db, organizationId, 'invoice');
  const row = await queries.insertInvoice(db, {
    organizationId,
    kind: 'invoice',
    number,
    memberId: membership.memberId,
    membershipId,
    issuedAt: new Date(),
    currency: studio.currency,
    snapshot: {
      studio: {
        name: studio.name,
        legalName: studio.legalName,
        address: studio.address,
        taxId: studio.taxId,
      },
      member: { name: `${membership.firstName} ${membership.lastName ?? ''}`.trim() },
      description: membership.planName,
      lines: payments.map((p) => ({
        description: p.description,
        quantity: 1,
        net: p.amount,
        tax: '0.00',
        gross: p.amount,
      })),
      totals: { net: total, tax: '0.00', gross: total },
      payment: { method: 'paid', cardBrand: null, cardLastFour: null },
      refersTo: null,
      reason: null,
      billTo: {
        name: input.companyName,
        taxId: input.companyTaxId ?? null,
        address: input.companyAddress ?? null,
      },
    } satisfies queries.ReceiptSnapshot,
  });
  return renderReceipt(db, row);
}
