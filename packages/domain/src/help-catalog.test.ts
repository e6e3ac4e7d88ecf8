import { describe, expect, it } from 'vitest';
import { countWords, HELP_ARTICLE_GROUPS, HELP_ENTRIES, readingMinutes } from './help-catalog.ts';

const of = (kind: string) => HELP_ENTRIES.filter((e) => e.kind === kind);

describe('help catalog', () => {
  it('has the help center of the spec: 10 FAQs, 8 tutorials, 8 resources, 3+ articles a group', () => {
    expect(of('faq')).toHaveLength(10);
    expect(of('tutorial')).toHaveLength(8);
    expect(of('resource')).toHaveLength(8);
    for (const group of HELP_ARTICLE_GROUPS)
      expect(of('article').filter((a) => a.group === group).length).toBeGreaterThanOrEqual(3);
    for (const entry of [...of('article'), ...of('tutorial')])
      expect(entry.difficulty).toBeDefined();
  });

  it('has unique, URL-safe slugs', () => {
    const slugs = HELP_ENTRIES.map((e) => e.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9-]+$/);
  });

  it('counts words the way a person reads them', () => {
    expect(countWords('## Two words\n\n1. **Bold** [a link](/help?article=x) `code`')).toBe(6);
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(201))).toBe(2);
  });
});
