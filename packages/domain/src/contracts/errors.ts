/** The one error shape every API response uses (server maps codes to HTTP in one place). */
export const ERROR_CODES = [
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'weak_password',
  'limit_reached',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: {
    code: ErrorCode | (string & {});
    message: string;
    /** Field-level problems for validation errors, keyed by dotted path. */
    fields?: Record<string, string>;
    requestId?: string;
  };
}
