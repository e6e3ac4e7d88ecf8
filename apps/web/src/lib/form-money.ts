/** Money is an exact decimal string (up to 8 digits and 2 decimals), never a JS float. */
const MONEY_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

/**
 * What a person typed, tidied for the schema: spaces, a leading '$' and thousands commas
 * go; '.5' becomes '0.5'. Anything else is returned as typed so the schema can explain it.
 */
export function normalizeMoney(text: string): string {
  let value = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/\s/g, '');
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(value)) value = value.replace(/,/g, '');
  if (value.startsWith('.')) value = `0${value}`;
  return value;
}

/** A valid amount with exactly two decimals ('25.5' → '25.50'); null when it is not one. */
export function formatMoney(text: string): string | null {
  const value = normalizeMoney(text);
  if (!MONEY_PATTERN.test(value)) return null;
  const [whole = '0', cents = ''] = value.split('.');
  return `${String(Number(whole))}.${cents.padEnd(2, '0')}`;
}
