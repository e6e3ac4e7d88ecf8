import type { HelpEntry } from '@fitbase/domain/help-catalog';
import { BookOpen, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Highlight } from './highlight';
import { DifficultyBadge, HelpListItem, NoMatches } from './help-list-item';

/** Step-by-step guides with their reading time (FitBase has no videos: 'Read Tutorial'). */
export function TutorialsTab({
  tutorials,
  terms,
  query,
  articleHref,
}: {
  tutorials: HelpEntry[];
  terms: string[];
  query: string;
  articleHref: (slug: string) => string;
}) {
  if (tutorials.length === 0) return <NoMatches query={query} what="tutorials" />;
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {tutorials.map((tutorial) => (
        <HelpListItem
          key={tutorial.slug}
          entry={tutorial}
          terms={terms}
          title={<Highlight text={tutorial.title} terms={terms} />}
          facts={
            <>
              <DifficultyBadge difficulty={tutorial.difficulty} />
              <span className="text-muted-foreground inline-flex items-center gap-1">
                <Clock className="size-4" aria-hidden />
                {tutorial.minutes} min read
              </span>
            </>
          }
          action={
            <Button variant="outline" size="sm" asChild>
              <Link to={articleHref(tutorial.slug)} aria-label={`Read Tutorial: ${tutorial.title}`}>
                <BookOpen aria-hidden />
                Read Tutorial
              </Link>
            </Button>
          }
        />
      ))}
    </ul>
  );
}
