import { z } from 'zod';

/** Help center view counts (docs/product/settings-and-help.md#help-center). */

export const helpSlugSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9-]+$/, 'Help article slugs are lowercase letters, digits and hyphens');

/** One article's count after a view was recorded. */
export const helpArticleViewSchema = z.object({ slug: z.string(), views: z.number().int() });

/** Every article's count, keyed by slug; an article never opened is absent (0 views). */
export const helpViewCountsSchema = z.object({ views: z.record(z.string(), z.number().int()) });

export type HelpArticleView = z.infer<typeof helpArticleViewSchema>;
export type HelpViewCounts = z.infer<typeof helpViewCountsSchema>;
