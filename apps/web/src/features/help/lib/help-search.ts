import type { HelpEntry, HelpKind } from '@fitbase/domain/help-catalog';
import MiniSearch from 'minisearch';
import { helpBody } from './help-content';

export type HelpMatches = {
  /** Matching slugs, best first, per kind; null when there is no query (show everything). */
  slugs: Map<HelpKind, string[]> | null;
  /** The words of the documents that matched (after prefix and fuzzy matching), for <mark>. */
  terms: string[];
};

/** Markdown to plain words for the index (links keep their text, not their target). */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*`>_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One in-browser full-text index over every tab: titles weigh most, then summaries. */
export function buildHelpIndex(entries: ReadonlyArray<HelpEntry>): MiniSearch<HelpEntry> {
  const index = new MiniSearch<HelpEntry>({
    idField: 'slug',
    fields: ['title', 'summary', 'group', 'body'],
    storeFields: ['kind'],
    extractField: (entry, field) =>
      field === 'body'
        ? plainText(helpBody(entry.slug))
        : String(entry[field as keyof HelpEntry] ?? ''),
    searchOptions: {
      prefix: true,
      fuzzy: 0.2,
      combineWith: 'AND',
      boost: { title: 3, summary: 2, group: 1.5 },
    },
  });
  index.addAll([...entries]);
  return index;
}

export function searchHelp(index: MiniSearch<HelpEntry>, query: string): HelpMatches {
  if (!query.trim()) return { slugs: null, terms: [] };
  const slugs = new Map<HelpKind, string[]>();
  const terms = new Set<string>();
  for (const result of index.search(query)) {
    const kind = result.kind as HelpKind;
    slugs.set(kind, [...(slugs.get(kind) ?? []), String(result.id)]);
    for (const term of result.terms) terms.add(term);
  }
  return { slugs, terms: [...terms] };
}

/** A piece of `text` around the first matched word, for a hit found only in a body. */
export function snippet(text: string, terms: string[], radius = 70): string | null {
  const pattern = termPattern(terms);
  if (!pattern) return null;
  const found = pattern.exec(text);
  if (!found) return null;
  const start = Math.max(0, found.index - radius);
  const end = Math.min(text.length, found.index + found[0].length + radius);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** The matched words as whole words, any case; null when there is nothing to mark. */
export function termPattern(terms: string[], flags = 'iu'): RegExp | null {
  const words = terms.filter(Boolean).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (words.length === 0) return null;
  // Longest first, so "members" wins over "member" where both matched.
  words.sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})(?![\\p{L}\\p{N}])`, flags);
}
