/**
 * Product texts of staff management (docs/product/staff.md), shared by the browser and the
 * server. Apart from contracts/staff.ts (which re-exports them) so the public invitation page
 * shows them without loading zod (its budget: npm run bench:web).
 */
export const STAFF_MESSAGES = {
  requiredWithPassword: 'Please fill in all required fields including password',
  required: 'Please fill in all required fields',
  passwordsDontMatch: "Passwords don't match",
  passwordTooShort: 'Password must be at least 6 characters long',
  acceptPasswordsDontMatch: "Passwords don't match or are empty",
  invalidInvitation: 'This invitation link is invalid or has expired.',
} as const;
