import { HELP_ENTRIES, IMPORT_TEMPLATE_PATHS, readingMinutes } from '@fitbase/domain/help-catalog';
import { IMPORT_TEMPLATE_HEADERS } from '@fitbase/domain/import-fields';
import { IMPORT_KINDS } from '@fitbase/domain/settings-constants';
import { describe, expect, it } from 'vitest';
import { HELP_BODIES } from './help-content';

/** The downloads as the server will serve them (apps/web/public is copied into the build). */
const publicFiles = import.meta.glob<string>('../../../../public/help/resources/*', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const download = (path: string) => publicFiles[`../../../../public${path}`];

describe('help content files', () => {
  it('has one Markdown file per article, FAQ and tutorial, and no file without an entry', () => {
    const written = HELP_ENTRIES.filter((e) => e.kind !== 'resource').map((e) => e.slug);
    expect([...HELP_BODIES.keys()].sort()).toEqual(written.sort());
    for (const body of HELP_BODIES.values()) expect(body.trim().length).toBeGreaterThan(200);
  });

  it('shows each tutorial with the reading time of its words, as numbered steps', () => {
    for (const tutorial of HELP_ENTRIES.filter((e) => e.kind === 'tutorial')) {
      const body = HELP_BODIES.get(tutorial.slug)!;
      expect({ slug: tutorial.slug, minutes: tutorial.minutes }).toEqual({
        slug: tutorial.slug,
        minutes: readingMinutes(body),
      });
      expect(body).toMatch(/^1\. /m);
    }
  });

  it('lists every resource with the real size of its file', () => {
    for (const resource of HELP_ENTRIES.filter((e) => e.kind === 'resource')) {
      const text = download(resource.file!);
      expect(text, `${resource.file} is missing from apps/web/public`).toBeDefined();
      // A failure here means the file changed: put its new size in help-catalog.ts.
      expect({ file: resource.file, bytes: new TextEncoder().encode(text).length }).toEqual({
        file: resource.file,
        bytes: resource.bytes,
      });
    }
  });

  it('offers import templates whose header row is exactly what the import reads', () => {
    // After IMPORT_FIELDS changes, rewrite the templates (then their sizes in help-catalog.ts):
    // npx tsx -e "import {writeFileSync as w} from 'node:fs'; import {IMPORT_TEMPLATE_HEADERS as h} from './packages/domain/src/import-fields.ts'; for (const [k, v] of Object.entries(h)) w('apps/web/public/help/resources/fitbase-import-' + k + '.csv', v.join(',') + '\\n')"
    for (const kind of IMPORT_KINDS) {
      expect(download(IMPORT_TEMPLATE_PATHS[kind])).toBe(
        `${IMPORT_TEMPLATE_HEADERS[kind].join(',')}\n`,
      );
    }
  });
});
