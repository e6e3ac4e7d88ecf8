import { z } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import { validationError } from '../../http/error-handler.ts';
import { notFound } from '../../lib/errors.ts';

export const memberIdParams = z.object({
  id: z.uuid().openapi({ param: { name: 'id', in: 'path' }, description: 'Member id' }),
});

/**
 * Validation hook for routes with a member id: an id that cannot exist answers like an
 * unknown one (404 "Member not found", docs/product/tenancy.md); other problems are the usual 400.
 */
export function memberIdHook(result: {
  success: boolean;
  error?: unknown;
  target?: string;
}): undefined {
  if (result.success) return undefined;
  if (result.target === 'param') throw notFound('Member');
  throw validationError(result.error as ZodError, result.target ?? 'request');
}
