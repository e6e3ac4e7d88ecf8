import { HELP_ENTRIES, type HelpEntry } from '@fitbase/domain/help-catalog';

/**
 * The bodies of articles, FAQs and tutorials: Markdown files in ../content, bundled at build time
 * (Vite `?raw`). The file name is the catalog slug; help-content.test checks both ways.
 */
const files = import.meta.glob<string>('../content/*/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const HELP_BODIES: ReadonlyMap<string, string> = new Map(
  Object.entries(files).map(([path, body]) => [path.replace(/^.*\/|\.md$/g, ''), body]),
);

export function helpBody(slug: string): string {
  return HELP_BODIES.get(slug) ?? '';
}

export function helpEntry(slug: string | null): HelpEntry | undefined {
  return slug ? HELP_ENTRIES.find((e) => e.slug === slug) : undefined;
}

/** 1.2 KB style sizes of downloads (1 KB = 1024 bytes, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
