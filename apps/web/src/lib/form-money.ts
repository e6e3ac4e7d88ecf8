/** Money is an exact decimal string (up to 8 digits and 3 decimals), never a JS float. */
const MONEY_PATTERN = /^\d{1,8}(\.\d{1,3})?$/;

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

/**
 * A valid amount written with two decimals, or three for a currency with fils ('25.5' →
 * '25.50', '25.5' → '25.500' in BHD); null when it is not one, or is finer than the currency
 * (`minorUnits`: trailing zeros do not count), so what was typed stays for the message.
 */
export function formatMoney(text: string, minorUnits = 2): string | null {
  const value = normalizeMoney(text);
  if (!MONEY_PATTERN.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  if (fraction.replace(/0+$/, '').length > minorUnits) return null;
  return `${String(Number(whole))}.${fraction.padEnd(Math.max(2, minorUnits), '0').slice(0, Math.max(2, minorUnits))}`;
}
