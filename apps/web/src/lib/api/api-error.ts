import type { ApiErrorBody } from '@fitbase/domain/contracts/errors';

/**
 * An error answered by the FitBase API. The browser branches on `code` (and `status`), never
 * on `message`: messages are for people and may be reworded; codes are the contract.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorBody['error']['code'];
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, body: ApiErrorBody['error']) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields;
  }
}

const UNEXPECTED: ApiErrorBody['error'] = {
  code: 'internal_error',
  message: 'An unexpected error occurred',
};

/** The ApiError for a failed response whose body may or may not be our error shape. */
export function toApiError(status: number, body: unknown): ApiError {
  const error = (body as Partial<ApiErrorBody> | undefined)?.error;
  return new ApiError(
    status,
    error && typeof error.code === 'string' && typeof error.message === 'string'
      ? error
      : UNEXPECTED,
  );
}

/** The message to show for a failed call: the server's own, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
