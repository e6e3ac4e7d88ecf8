import { MAX_PASSWORD_LENGTH } from '@fitbase/domain/constants';

/**
 * Lengths of the /auth fields, apart from the schemas (auth-schemas.ts) so the form can show them
 * (maxLength) before zod loads.
 */
export const AUTH_LIMITS = { fullName: 200, email: 254, password: MAX_PASSWORD_LENGTH } as const;
