import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What the accessibility specs hold every page to: axe-core, WCAG 2.1 A and AA. */

export const WIDTHS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Waits for the route's content and for entrance animations to end (they fade colours in). */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(page.getByText(/^Loading\.\.\.$/)).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations !== Infinity)
      .every((a) => a.playState === 'finished'),
  );
}

/** Serious and critical violations on the current page, one readable line per rule. */
export async function violations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    // WCAG 2.5.3 Label in Name: axe ships this rule as experimental (off unless asked for).
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact && BLOCKING_IMPACTS.has(v.impact))
    .map((v) => {
      const targets = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n').slice(1, 2).join('').trim()})` : ''}`,
        )
        .join('; ');
      return `${label}: [${v.impact}] ${v.id}: ${v.help}: ${v.nodes.length} node(s): ${targets}`;
    });
}
