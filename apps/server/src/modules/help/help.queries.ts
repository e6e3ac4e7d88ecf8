import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { helpArticleViews } from '../../db/schema/settings.ts';

/** One more view of `slug`, counted in the database so concurrent views never lose one. */
export async function incrementViews(db: Db | Tx, slug: string): Promise<number> {
  const [row] = await db
    .insert(helpArticleViews)
    .values({ slug, views: 1 })
    .onConflictDoUpdate({
      target: helpArticleViews.slug,
      set: { views: sql`${helpArticleViews.views} + 1`, updatedAt: sql`now()` },
    })
    .returning({ views: helpArticleViews.views });
  return row!.views;
}

/** Counts are global across FitBase (the articles are the same for every studio). */
export async function listViews(db: Db | Tx): Promise<Array<{ slug: string; views: number }>> {
  return db
    .select({ slug: helpArticleViews.slug, views: helpArticleViews.views })
    .from(helpArticleViews);
}
