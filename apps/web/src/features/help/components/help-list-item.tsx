import type { HelpEntry } from '@fitbase/domain/help-catalog';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { plainText, snippet, termPattern } from '../lib/help-search';
import { helpBody } from '../lib/help-content';
import { Highlight } from './highlight';

export const DIFFICULTY_CLASSES: Record<string, string> = {
  Beginner: 'border-transparent bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100',
  Intermediate:
    'border-transparent bg-yellow-100 text-yellow-800 dark:bg-yellow-900 dark:text-yellow-100',
  Advanced: 'border-transparent bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
};

export function DifficultyBadge({ difficulty }: { difficulty?: string }) {
  if (!difficulty) return null;
  return <Badge className={DIFFICULTY_CLASSES[difficulty]}>{difficulty}</Badge>;
}

/**
 * One entry of a tab: its title (a link or button given by the tab), summary and facts. When the
 * search matched only the body, a piece of the body around the match says why it is listed.
 */
export function HelpListItem({
  entry,
  terms,
  title,
  facts,
  action,
  highlighted = false,
}: {
  entry: HelpEntry;
  /** The entry a link opened (`/help?article=<slug>`): outlined so the eye finds it. */
  highlighted?: boolean;
  terms: string[];
  title: ReactNode;
  facts?: ReactNode;
  action?: ReactNode;
}) {
  const pattern = termPattern(terms);
  const shownMatch = pattern && (pattern.test(entry.title) || pattern.test(entry.summary));
  const bodyHit =
    terms.length > 0 && !shownMatch ? snippet(plainText(helpBody(entry.slug)), terms) : null;
  return (
    <li
      id={`help-${entry.slug}`}
      className={`flex flex-wrap items-start justify-between gap-3 rounded-lg border p-4 ${
        highlighted ? 'ring-primary ring-2' : ''
      }`}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="font-medium">{title}</div>
        <p className="text-muted-foreground text-sm">
          <Highlight text={entry.summary} terms={terms} />
        </p>
        {bodyHit ? (
          <p className="text-muted-foreground text-sm italic">
            <Highlight text={bodyHit} terms={terms} />
          </p>
        ) : null}
        {facts ? (
          <div className="flex flex-wrap items-center gap-2 pt-1 text-sm">{facts}</div>
        ) : null}
      </div>
      {action}
    </li>
  );
}

export function NoMatches({ query, what }: { query: string; what: string }) {
  return (
    <div className="rounded-lg border border-dashed p-8 text-center">
      <p className="font-medium">
        No {what} match “{query}”
      </p>
      <p className="text-muted-foreground text-sm">Try other words, or check the spelling.</p>
    </div>
  );
}

/** The entries of one kind in `order`, or all of them when there is no search. */
export function pick(entries: ReadonlyArray<HelpEntry>, order: string[] | null) {
  if (order === null) return [...entries];
  const bySlug = new Map(entries.map((e) => [e.slug, e]));
  return order.flatMap((slug) => bySlug.get(slug) ?? []);
}
