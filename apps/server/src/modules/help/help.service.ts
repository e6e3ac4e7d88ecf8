import { HELP_ARTICLE_SLUGS } from '@fitbase/domain/help-catalog';
import type { HelpArticleView, HelpViewCounts } from '@fitbase/domain/contracts/help';
import type { AccountScope } from '../../http/types.ts';
import { notFound } from '../../lib/errors.ts';
import * as queries from './help.queries.ts';

/** Only the catalog's articles are counted, so the table never fills with made-up slugs. */
export async function recordArticleView(
  scope: Pick<AccountScope, 'db'>,
  slug: string,
): Promise<HelpArticleView> {
  if (!HELP_ARTICLE_SLUGS.has(slug)) throw notFound('Help article');
  return { slug, views: await queries.incrementViews(scope.db, slug) };
}

export async function viewCounts(scope: Pick<AccountScope, 'db'>): Promise<HelpViewCounts> {
  const rows = await queries.listViews(scope.db);
  // A slug dropped from the catalog keeps its row but is no longer shown.
  const views: Record<string, number> = {};
  for (const row of rows) if (HELP_ARTICLE_SLUGS.has(row.slug)) views[row.slug] = row.views;
  return { views };
}
