import type { ReactNode } from 'react';
import { termPattern } from '../lib/help-search';

/** `text` with every matched search word wrapped in <mark> (plain text only: never HTML). */
export function Highlight({ text, terms }: { text: string; terms: string[] }): ReactNode {
  const pattern = termPattern(terms, 'giu');
  if (!pattern) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index;
    if (at > last) parts.push(text.slice(last, at));
    parts.push(
      <mark key={at} className="rounded-sm bg-yellow-200 px-0.5 text-inherit dark:bg-yellow-700">
        {match[0]}
      </mark>,
    );
    last = at + match[0].length;
  }
  if (parts.length === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
