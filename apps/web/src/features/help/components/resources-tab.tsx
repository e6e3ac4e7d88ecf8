import type { HelpEntry } from '@fitbase/domain/help-catalog';
import { Download } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatBytes } from '../lib/help-content';
import { Highlight } from './highlight';
import { HelpListItem, NoMatches } from './help-list-item';

/** Files that download from FitBase itself, with their type and real size. */
export function ResourcesTab({
  resources,
  terms,
  query,
  focusSlug,
}: {
  resources: HelpEntry[];
  terms: string[];
  query: string;
  focusSlug: string | null;
}) {
  if (resources.length === 0) return <NoMatches query={query} what="resources" />;
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {resources.map((resource) => (
        <HelpListItem
          key={resource.slug}
          highlighted={resource.slug === focusSlug}
          entry={resource}
          terms={terms}
          title={<Highlight text={resource.title} terms={terms} />}
          facts={
            <>
              <Badge variant="outline">{resource.type}</Badge>
              {resource.bytes !== undefined ? (
                <span className="text-muted-foreground">{formatBytes(resource.bytes)}</span>
              ) : null}
            </>
          }
          action={
            <Button variant="outline" size="sm" asChild>
              <a href={resource.file} download aria-label={`Download ${resource.title}`}>
                <Download aria-hidden />
                Download
              </a>
            </Button>
          }
        />
      ))}
    </ul>
  );
}
