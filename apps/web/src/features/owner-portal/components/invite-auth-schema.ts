import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@fitbase/domain/constants';
import { z } from 'zod';

/**
 * The invitation page's account form checks, loaded on its first check (invite-auth-form.tsx):
 * the public page paints without zod (its budget: npm run bench:web).
 */
export const inviteAuthSchema = z.object({
  fullName: z.string().trim().max(200),
  email: z.string(),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`),
});

export type InviteAuthValues = z.infer<typeof inviteAuthSchema>;
