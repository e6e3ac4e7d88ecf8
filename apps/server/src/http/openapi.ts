import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { validationError } from './error-handler.ts';
import type { AppEnv } from './types.ts';

/** Every router validates with zod and turns a failure into our 400 shape. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success)
        throw validationError(
          result.error as never,
          (result as { target?: string }).target ?? 'request',
        );
      return undefined;
    },
  });
}

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      requestId: z.string().optional(),
    }),
  })
  .openapi('Error');

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});

/** The error responses every operation may give. */
export const errorResponses = {
  400: errorResponse('Invalid request: the message says what to fix'),
  401: errorResponse('Not signed in'),
  403: errorResponse('Not allowed'),
  404: errorResponse('Not found'),
  409: errorResponse('Conflict with existing data'),
  429: errorResponse('Too many requests'),
} as const;

export function jsonContent<T extends ZodType>(schema: T, description = 'OK') {
  return { description, content: { 'application/json': { schema } } };
}

export function jsonBody<T extends ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } };
}

/** `{slug}` of a member portal path (`/api/m/{slug}/...`), for every module's portal routes. */
export const portalSlugParams = z.object({
  slug: z.string().openapi({ param: { name: 'slug', in: 'path' }, description: 'Studio slug' }),
});
