import type { ApiErrorBody } from '@fitbase/domain/contracts/errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import { AppError, HTTP_STATUS } from '../lib/errors.ts';
import type { AppEnv } from './types.ts';

/** The single place where errors become HTTP responses. No stack traces reach clients. */
export function errorResponse(c: Context<AppEnv>, error: unknown): Response {
  const requestId = c.get('requestId');
  if (error instanceof AppError) {
    const body: ApiErrorBody = {
      error: { code: error.code, message: error.message, fields: error.fields, requestId },
    };
    return c.json(body, HTTP_STATUS[error.code]);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code =
      status === 401
        ? 'unauthorized'
        : status === 403
          ? 'forbidden'
          : status === 404
            ? 'not_found'
            : 'validation_error';
    return c.json(
      { error: { code, message: error.message || 'Request refused', requestId } },
      status,
    );
  }
  c.get('log')?.error({ err: error }, 'Unhandled error');
  return c.json(
    {
      error: { code: 'internal_error', message: 'An unexpected error occurred', requestId },
    } satisfies ApiErrorBody,
    500,
  );
}

/** A zod failure as a 400 a person can act on: the first message, and every field's. */
export function validationError(error: ZodError, target: string): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || target;
    fields[key] ??= issue.message;
  }
  // The message is shown to people as is: the field path stays in `fields`, never in the text.
  const first = error.issues[0];
  return new AppError('validation_error', first?.message ?? 'Invalid request', fields);
}
