import { peopleMessage } from '@/lib/form-errors';
import { AuthActionError } from '../api/auth-actions';

type AuthField = 'email' | 'password' | 'newPassword';

/** better-auth codes that belong to one field; the rest are shown as a toast only. */
const FIELD_OF_CODE: Record<string, AuthField> = {
  USER_ALREADY_EXISTS: 'email',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  INVALID_EMAIL: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
  weak_password: 'password',
};

/** Where an auth failure goes (branching on its code) and the words a person reads. */
export function authFailure(error: unknown): { field: AuthField | null; message: string } {
  if (!(error instanceof AuthActionError)) {
    return { field: null, message: 'An unexpected error occurred' };
  }
  // better-auth's validation messages start with the body path ('[body.email] ...').
  return { field: FIELD_OF_CODE[error.code ?? ''] ?? null, message: peopleMessage(error.message) };
}
