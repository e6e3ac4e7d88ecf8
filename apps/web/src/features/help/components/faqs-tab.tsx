import type { HelpEntry } from '@fitbase/domain/help-catalog';
import { helpBody } from '../lib/help-content';
import { Highlight } from './highlight';
import { NoMatches } from './help-list-item';
import { Markdown } from './markdown';

/** Questions that open in place; a search opens the ones it matched, so the marks are visible. */
export function FaqsTab({
  faqs,
  terms,
  query,
  openSlug,
}: {
  faqs: HelpEntry[];
  terms: string[];
  query: string;
  openSlug: string | null;
}) {
  if (faqs.length === 0) return <NoMatches query={query} what="FAQs" />;
  return (
    <ul className="space-y-3">
      {faqs.map((faq) => (
        <li key={faq.slug} id={`help-${faq.slug}`}>
          <details
            className="group rounded-lg border p-4 open:pb-5"
            open={faq.slug === openSlug || terms.length > 0 || undefined}
          >
            <summary className="cursor-pointer list-none font-medium marker:hidden">
              <span
                className="mr-2 inline-block transition-transform group-open:rotate-90"
                aria-hidden
              >
                ›
              </span>
              <Highlight text={faq.title} terms={terms} />
            </summary>
            <div className="text-muted-foreground mt-3 pl-5 text-sm">
              <Markdown source={helpBody(faq.slug)} terms={terms} />
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
