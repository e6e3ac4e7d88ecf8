import { z } from 'zod';
import { SEARCH_KINDS, SEARCH_RESULT_LIMIT, type SearchKind } from '../settings-constants.ts';

/**
 * Global search (docs/product/settings-and-help.md#global-search): the top bar's command palette
 * asks the server for the studio's members, leads, staff, classes, products and help articles
 * matching what was typed.
 */

export const SEARCH_QUERY_MAX = 100;

/** Group headings in the palette, in SEARCH_KINDS order. */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  member: 'Members',
  lead: 'Leads',
  staff: 'Staff',
  class: 'Classes',
  product: 'Products',
  help: 'Help',
};

export const searchQuerySchema = z.object({
  // Empty (or only spaces) is allowed and answers with no results: the palette asks as you type.
  q: z
    .string()
    .trim()
    .max(SEARCH_QUERY_MAX, `Search is at most ${SEARCH_QUERY_MAX} characters`)
    .default(''),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  id: z.string(),
  kind: z.enum(SEARCH_KINDS),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** The app path that opens the record, e.g. /member/{id} or /help?article={slug}. */
  path: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchGroupSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  label: z.string(),
  results: z.array(searchResultSchema),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const searchResponseSchema = z.object({
  /** The query as searched (trimmed). */
  q: z.string(),
  /** Only kinds with results, in SEARCH_KINDS order; at most SEARCH_RESULT_LIMIT results in all. */
  groups: z.array(searchGroupSchema),
  total: z.number().int().min(0).max(SEARCH_RESULT_LIMIT),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
