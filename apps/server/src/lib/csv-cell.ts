/**
 * A text cell a spreadsheet would run as a formula is kept as text (CSV injection). Used by every
 * CSV FitBase writes (audit log, data export, reports); numbers FitBase computes are left as they
 * are, so a refund of -10.00 stays a number.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
