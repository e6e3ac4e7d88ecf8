import type { PortalOffer } from '@fitbase/domain/contracts/portal';
import { formatMills, toMills } from '@fitbase/domain/amounts';
import {
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  formatMoney as formatStudioMoney,
  type StudioFormat,
} from '@fitbase/domain/studio-format';

/** The studio's currency and locale (PortalStudio, also in the join info); USD/en-US by default. */
export type MoneyFormat = Pick<StudioFormat, 'currency' | 'locale'>;
const USD: MoneyFormat = { currency: DEFAULT_CURRENCY, locale: DEFAULT_LOCALE };

/** An exact amount ("89.00"), or a number of thousandths, in the studio's currency. */
export const formatMoney = (amount: string | number, format: MoneyFormat = USD) =>
  formatStudioMoney(typeof amount === 'number' ? formatMills(amount) : amount, format);

/** "$150.00", or "$89.00 / month" for a membership. */
export function offerPrice(offer: PortalOffer, format: MoneyFormat = USD): string {
  const price = formatMoney(offer.price, format);
  return offer.billingInterval ? `${price} / ${offer.billingInterval}` : price;
}

/** "+ $25.00 sign-up fee", or null when there is none. */
export function offerSignupFee(offer: PortalOffer, format: MoneyFormat = USD): string | null {
  return toMills(offer.signupFee) > 0
    ? `+ ${formatMoney(offer.signupFee, format)} sign-up fee`
    : null;
}

/**
 * The plan's tax beside its price: "incl. 19% VAT" (in the price), "+ 8.875% Sales tax" (added
 * at checkout), or null when it is untaxed.
 */
export function offerTax(offer: PortalOffer, format: MoneyFormat = USD): string | null {
  if (!offer.tax) return null;
  const percent = `${Number(offer.tax.rate).toLocaleString(format.locale, { maximumFractionDigits: 4 })}%`;
  return `${offer.tax.inclusive ? 'incl.' : '+'} ${percent} ${offer.tax.name}`;
}

/** What is paid now, as the server computes it: the price and the sign-up fee, with any tax on top. */
export function offerTotal(offer: PortalOffer, format: MoneyFormat = USD): string {
  return formatMoney(offer.dueNow, format);
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
