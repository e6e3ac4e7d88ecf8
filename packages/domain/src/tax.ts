import { z } from 'zod';
import { formatMills, millsPerMinorUnit, toSignedMills } from './amounts.ts';
import { currencyMinorUnits } from './studio-format.ts';

/**
 * Sales tax and VAT (docs/product/money-and-store.md#tax, docs/decisions/0041-tax-rounding.md).
 * Pure, so the sale, the billing run, a refund and every test compute the same amounts. Amounts are
 * decimal strings; the arithmetic is on integers (BigInt: a basket's thousandths × a rate's
 * millionths can pass 2^53), never on floats.
 */

export const TAX_ROUNDINGS = ['half_up', 'half_even'] as const;
export type TaxRounding = (typeof TAX_ROUNDINGS)[number];

/** A rate as a price refers to it: "20.0000" percent, included in the price or added on top. */
export interface TaxRateRef {
  id: string;
  name: string;
  /** Percent with up to 4 decimals, e.g. "8.8750". */
  rate: string;
  inclusive: boolean;
}

/** What a charge stored per rate at the time of sale (ledger_entries.tax_lines). */
export const taxLineSchema = z.object({
  rateId: z.string(),
  name: z.string(),
  rate: z.string(),
  inclusive: z.boolean(),
  net: z.string(),
  tax: z.string(),
  gross: z.string(),
});
export type TaxLine = z.infer<typeof taxLineSchema>;

export interface Taxed {
  net: string;
  tax: string;
  gross: string;
}

/** "8.875" → 88750 (millionths): the percent with 4 decimals, as an integer. */
export function rateMillionths(rate: string): bigint {
  const match = /^(\d{1,2})(?:\.(\d{1,4}))?$/.exec(rate.trim());
  if (!match) throw new Error(`Not a tax rate: ${rate}`);
  return BigInt(match[1]!) * 10000n + BigInt((match[2] ?? '').padEnd(4, '0'));
}

/** The locale's rule, unless the studio chose one (see the ADR: no locale we know asks half even). */
export function defaultTaxRounding(_locale: string): TaxRounding {
  return 'half_up';
}

/** n / d rounded to a whole number of `step`s (thousandths per minor unit), n ≥ 0, d > 0. */
function roundDiv(n: bigint, d: bigint, step: bigint, mode: TaxRounding): bigint {
  const denominator = d * step;
  const q = n / denominator;
  const twice = 2n * (n % denominator);
  const up =
    twice > denominator || (twice === denominator && (mode === 'half_up' || q % 2n === 1n));
  return (up ? q + 1n : q) * step;
}

/** Thousandths per minor unit: 10 for two decimals (USD, EUR), 1000 for none (JPY), 1 for BHD. */
function stepOf(currency: string): bigint {
  return BigInt(millsPerMinorUnit(currencyMinorUnits(currency)));
}

/**
 * One line: `amount` is the price as the studio entered it. Inclusive: the tax is inside it
 * (tax = amount × r / (1 + r)); exclusive: added on top (tax = amount × r). Rounded once, on
 * this line, to the currency's minor unit. No rate: untaxed, net = gross.
 */
export function taxOn(
  amount: string,
  rate: TaxRateRef | null,
  currency: string,
  mode: TaxRounding,
): Taxed {
  const mills = BigInt(signed(amount));
  if (!rate) return { net: amount, tax: '0.00', gross: amount };
  const r = rateMillionths(rate.rate);
  const step = stepOf(currency);
  const sign = mills < 0n ? -1n : 1n;
  const abs = mills * sign;
  const tax = rate.inclusive
    ? roundDiv(abs * r, 1_000_000n + r, step, mode)
    : roundDiv(abs * r, 1_000_000n, step, mode);
  const gross = rate.inclusive ? abs : abs + tax;
  return {
    net: formatMills(Number((gross - tax) * sign)),
    tax: formatMills(Number(tax * sign)),
    gross: formatMills(Number(gross * sign)),
  };
}

/**
 * A basket: each item taxed on its own line (the rounding is per line, so the tax can differ
 * by a minor unit from the total's tax rounded once), then summed per rate for the ledger.
 * `lines` holds one entry per rate used, in the order first met; untaxed items are in no line.
 */
export function taxBasket(
  items: { amount: string; rate: TaxRateRef | null }[],
  currency: string,
  mode: TaxRounding,
): { items: Taxed[]; lines: TaxLine[]; gross: string } {
  const taxed = items.map((i) => taxOn(i.amount, i.rate, currency, mode));
  const byRate = new Map<string, TaxLine>();
  items.forEach((item, i) => {
    if (!item.rate) return;
    const t = taxed[i]!;
    const line = byRate.get(item.rate.id);
    if (!line) {
      byRate.set(item.rate.id, {
        rateId: item.rate.id,
        name: item.rate.name,
        rate: item.rate.rate,
        inclusive: item.rate.inclusive,
        ...t,
      });
      return;
    }
    line.net = add(line.net, t.net);
    line.tax = add(line.tax, t.tax);
    line.gross = add(line.gross, t.gross);
  });
  const gross = formatMills(taxed.reduce((sum, t) => sum + signed(t.gross), 0));
  return { items: taxed, lines: [...byRate.values()], gross };
}

/**
 * A refund of `refund` (positive) out of a charge of `charged` that stored `lines`: each rate's
 * gross and tax given back in proportion (each rounded half up to the minor unit, net the
 * difference), negative as the refund row is. A full refund gives back exactly what was stored;
 * untaxed items of the charge are in no line, as they were in none of the charge's.
 */
export function reverseTax(
  lines: TaxLine[],
  refund: string,
  charged: string,
  currency: string,
): TaxLine[] {
  const refundMills = BigInt(signed(refund));
  const chargedMills = BigInt(signed(charged));
  if (lines.length === 0 || chargedMills <= 0n) return [];
  const step = stepOf(currency);
  const share = (mills: bigint) =>
    refundMills === chargedMills
      ? mills
      : roundDiv(mills * refundMills, chargedMills, step, 'half_up');
  return lines.map((l) => {
    const gross = share(BigInt(signed(l.gross)));
    const tax = share(BigInt(signed(l.tax)));
    return {
      ...l,
      net: formatMills(-Number(gross - tax)),
      tax: formatMills(-Number(tax)),
      gross: formatMills(-Number(gross)),
    };
  });
}

/** Sum of lines (a receipt's or a report's totals). */
export function taxTotals(lines: Pick<TaxLine, 'net' | 'tax' | 'gross'>[]): Taxed {
  return {
    net: formatMills(lines.reduce((s, l) => s + signed(l.net), 0)),
    tax: formatMills(lines.reduce((s, l) => s + signed(l.tax), 0)),
    gross: formatMills(lines.reduce((s, l) => s + signed(l.gross), 0)),
  };
}

/** A signed amount in thousandths (a refund's lines are negative). */
const signed = toSignedMills;

function add(a: string, b: string): string {
  return formatMills(signed(a) + signed(b));
}

/**
 * An order discount spread over its lines in proportion to their amounts (in thousandths), whole
 * minor units of `currency` at a time (largest remainder first), so each line is taxed on what the
 * buyer really pays for it and no line gets a fraction of a cent.
 */
export function spreadDiscount(
  discountMills: number,
  lineMills: number[],
  currency: string,
): number[] {
  const step = millsPerMinorUnit(currencyMinorUnits(currency));
  // Prices and discounts are whole minor units of the currency (the routes refuse finer).
  const discount = Math.round(discountMills / step);
  const lines = lineMills.map((c) => Math.round(c / step));
  const total = lines.reduce((s, c) => s + c, 0);
  if (discount <= 0 || total <= 0) return lines.map(() => 0);
  const exact = lines.map((c) => BigInt(c) * BigInt(discount));
  const shares = exact.map((e) => Number(e / BigInt(total)));
  let left = discount - shares.reduce((s, c) => s + c, 0);
  const order = exact
    .map((e, i) => ({ i, rest: Number(e % BigInt(total)) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares.map((units) => units * step);
}

/**
 * A sale paid in two parts (a gift card and a card): the tax lines of `part` out of `whole`,
 * in proportion, and the rest for the other part, so the two add up to the sale's lines exactly.
 */
export function splitTax(
  lines: TaxLine[],
  part: string,
  whole: string,
  currency: string,
): [TaxLine[], TaxLine[]] {
  const share = reverseTax(lines, part, whole, currency).map((l) => ({
    ...l,
    net: formatMills(-signed(l.net)),
    tax: formatMills(-signed(l.tax)),
    gross: formatMills(-signed(l.gross)),
  }));
  const rest = lines.map((l, i) => ({
    ...l,
    net: formatMills(signed(l.net) - signed(share[i]!.net)),
    tax: formatMills(signed(l.tax) - signed(share[i]!.tax)),
    gross: formatMills(signed(l.gross) - signed(share[i]!.gross)),
  }));
  return [share, rest];
}
