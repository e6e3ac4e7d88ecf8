import { z } from 'zod';

/**
 * The body of a PATCH: every field optional, at least one present. An empty body (or one whose
 * only keys are unknown, like `__proto__`, which zod strips) has nothing to write: refused here
 * as a 400, it never reaches an UPDATE with an empty SET list (which the query builder throws
 * on, a 500).
 */
export function partialUpdateSchema<Shape extends z.ZodRawShape>(fields: Shape) {
  return z
    .object(fields)
    .partial()
    .refine((value) => Object.values(value).some((field) => field !== undefined), {
      error: 'Nothing to change: send at least one field',
    });
}
