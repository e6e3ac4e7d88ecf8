/**
 * Waiver rules (docs/product/waivers.md), pure: what exactly a member signs and whether a
 * member needs a parent or guardian to sign for them.
 */

/** The age under which a parent or guardian signs for the member. */
export const WAIVER_ADULT_AGE = 18;

/**
 * The text a signature covers, exactly as shown: the title, a blank line, the body. Its SHA-256
 * is stored with the signature, so a later check can prove which words were agreed to.
 */
export function waiverSignedText(title: string, body: string): string {
  return `${title}\n\n${body}`;
}

/** Whether someone born on `dateOfBirth` ('YYYY-MM-DD') is under 18 on `today` ('YYYY-MM-DD'). */
export function isMinorOn(dateOfBirth: string | null, today: string): boolean {
  if (!dateOfBirth) return false;
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age < WAIVER_ADULT_AGE;
}
