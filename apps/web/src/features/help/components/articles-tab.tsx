import { HELP_ARTICLE_GROUPS, type HelpEntry } from '@fitbase/domain/help-catalog';
import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Highlight } from './highlight';
import { DifficultyBadge, HelpListItem, NoMatches } from './help-list-item';

/** "1,204 views" in the studio's digits ("1.204 views" in de-DE). */
export function viewsLabel(views: number | undefined, locale: string): string {
  const n = views ?? 0;
  return `${n.toLocaleString(locale)} ${n === 1 ? 'view' : 'views'}`;
}

/** Articles by group (Getting Started first), each with its difficulty and real view count. */
export function ArticlesTab({
  articles,
  terms,
  query,
  views,
  articleHref,
}: {
  articles: HelpEntry[];
  terms: string[];
  query: string;
  /** Undefined while loading or when the counts could not be read: no figure is shown. */
  views: Record<string, number> | undefined;
  articleHref: (slug: string) => string;
}) {
  const { locale } = useStudioFormat();
  if (articles.length === 0) return <NoMatches query={query} what="articles" />;
  return (
    <div className="space-y-6">
      {HELP_ARTICLE_GROUPS.map((group) => {
        const inGroup = articles.filter((a) => a.group === group);
        if (inGroup.length === 0) return null;
        return (
          <section key={group} aria-labelledby={`help-group-${group}`} className="space-y-3">
            <h2 id={`help-group-${group}`} className="text-lg font-semibold">
              {group}
            </h2>
            <ul className="space-y-3">
              {inGroup.map((article) => (
                <HelpListItem
                  key={article.slug}
                  entry={article}
                  terms={terms}
                  title={
                    <Link to={articleHref(article.slug)} className="hover:underline">
                      <Highlight text={article.title} terms={terms} />
                    </Link>
                  }
                  facts={
                    <>
                      <DifficultyBadge difficulty={article.difficulty} />
                      {views ? (
                        <span
                          className="text-muted-foreground inline-flex items-center gap-1"
                          data-testid={`views-${article.slug}`}
                        >
                          <Eye className="size-4" aria-hidden />
                          {viewsLabel(views[article.slug], locale)}
                        </span>
                      ) : null}
                    </>
                  }
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
