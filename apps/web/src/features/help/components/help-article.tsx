import type { HelpEntry } from '@fitbase/domain/help-catalog';
import { ArrowLeft, Clock, Eye } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { helpBody } from '../lib/help-content';
import { viewsLabel } from './articles-tab';
import { DifficultyBadge } from './help-list-item';
import { Markdown } from './markdown';

/** An opened article or tutorial: its Markdown rendered as React elements. */
export function HelpArticle({
  entry,
  views,
  backHref,
}: {
  entry: HelpEntry;
  /** Articles only (tutorials are not counted); undefined while unknown. */
  views?: number;
  backHref: string;
}) {
  // Opening an entry from far down a list: bring its title into view and give it focus, so
  // keyboard and screen-reader users start reading where the new content begins.
  const heading = useRef<HTMLHeadingElement>(null);
  const { locale } = useStudioFormat();
  useEffect(() => heading.current?.focus(), [entry.slug]);
  return (
    <article className="max-w-3xl space-y-6">
      <Button variant="ghost" size="sm" asChild className="-ml-2">
        <Link to={backHref}>
          <ArrowLeft aria-hidden />
          Back to Help Center
        </Link>
      </Button>
      <header className="space-y-2">
        <p className="text-muted-foreground text-sm">
          {entry.kind === 'tutorial' ? 'Tutorial' : entry.group}
        </p>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
          {entry.title}
        </h1>
        <p className="text-muted-foreground">{entry.summary}</p>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <DifficultyBadge difficulty={entry.difficulty} />
          {entry.kind === 'tutorial' ? (
            <Badge variant="outline" className="gap-1">
              <Clock className="size-3" aria-hidden />
              {entry.minutes} min read
            </Badge>
          ) : views !== undefined ? (
            <span
              className="text-muted-foreground inline-flex items-center gap-1"
              data-testid="article-views"
            >
              <Eye className="size-4" aria-hidden />
              {viewsLabel(views, locale)}
            </span>
          ) : null}
        </div>
      </header>
      <Markdown source={helpBody(entry.slug)} />
    </article>
  );
}
