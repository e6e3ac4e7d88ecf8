import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@fitbase/domain/constants';
import { z } from 'zod';
import { AUTH_LIMITS } from './auth-limits';

/**
 * The /auth form's checks. Loaded on the form's first check (auth-form.tsx, lazyZodResolver), so
 * zod is not part of what /auth loads before it paints (the page's budget: npm run bench:web).
 */

// docs/product/accounts.md: the auth layer needs an email together with a password.
const REQUIRED = 'You must provide either an email or phone number and a password';

const email = z
  .string()
  .trim()
  .min(1, REQUIRED)
  .max(AUTH_LIMITS.email)
  .pipe(z.email('Enter a valid email address'));

export const signInSchema = z.object({
  fullName: z.string().trim().max(AUTH_LIMITS.fullName),
  email,
  password: z.string().min(1, REQUIRED).max(AUTH_LIMITS.password),
});

export const signUpSchema = signInSchema.extend({
  password: z
    .string()
    .min(1, REQUIRED)
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`),
});

export type AuthValues = z.input<typeof signInSchema>;
export type AuthOutput = z.output<typeof signInSchema>;
