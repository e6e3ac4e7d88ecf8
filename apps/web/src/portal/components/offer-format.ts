import type { PortalOffer } from '@fitbase/domain/contracts/portal';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Decimal strings to cents, so a total never carries float artefacts. */
const cents = (amount: string) => Math.round(Number(amount) * 100);

export const formatMoney = (amount: string | number) =>
  usd.format(typeof amount === 'number' ? amount / 100 : cents(amount) / 100);

/** "$150.00", or "$89.00 / month" for a membership. */
export function offerPrice(offer: PortalOffer): string {
  const price = formatMoney(offer.price);
  return offer.billingInterval ? `${price} / ${offer.billingInterval}` : price;
}

/** "+ $25.00 sign-up fee", or null when there is none. */
export function offerSignupFee(offer: PortalOffer): string | null {
  return cents(offer.signupFee) > 0 ? `+ ${formatMoney(offer.signupFee)} sign-up fee` : null;
}

/** What is paid now: the price and the sign-up fee. */
export function offerTotal(offer: PortalOffer): string {
  return formatMoney(cents(offer.price) + cents(offer.signupFee));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What it gives: "10 classes, valid 90 days", "Minimum term 12 months". */
export function offerGives(offer: PortalOffer): string | null {
  const valid = offer.validityDays ? `valid ${plural(offer.validityDays, 'day', 'days')}` : null;
  switch (offer.kind) {
    case 'membership': {
      if (!offer.minimumTermPeriods) return null;
      const unit = offer.billingInterval ?? 'month';
      return `Minimum term ${plural(offer.minimumTermPeriods, unit, `${unit}s`)}`;
    }
    case 'class_pack':
    case 'trial':
    case 'drop_in': {
      const classes =
        offer.kind === 'drop_in'
          ? '1 class'
          : offer.credits
            ? plural(offer.credits, 'class', 'classes')
            : 'Unlimited classes';
      return valid ? `${classes}, ${valid}` : classes;
    }
    default:
      return null;
  }
}
