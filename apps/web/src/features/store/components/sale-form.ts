import type { TenderMethodKind } from '@fitbase/domain/money-constants';

/** The point of sale's form fields; the cart lines are kept beside it. */
export interface SaleForm {
  customer: 'member' | 'walk_in';
  memberSearch: string;
  memberId: string | null;
  customerName: string;
  method: TenderMethodKind;
  paymentMethodId: string;
  discountCode: string;
  /** A gift card that pays first, up to its balance (docs/product/money-and-store.md#gift-cards). */
  giftCardCode: string;
}

export const EMPTY_SALE: SaleForm = {
  customer: 'member',
  memberSearch: '',
  memberId: null,
  customerName: '',
  method: 'cash',
  paymentMethodId: '',
  discountCode: '',
  giftCardCode: '',
};
