// Module-level: a regex literal inside a function makes a new RegExp object on every call, and
// the data export calls this for every cell of a million rows.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet would run as a formula is kept as text (CSV injection). Used by every
 * CSV FitBase writes (audit log, data export, reports); numbers FitBase computes are left as they
 * are, so a refund of -10.00 stays a number.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
