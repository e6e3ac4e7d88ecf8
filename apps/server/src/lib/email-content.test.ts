import { SAMPLE_MERGE_VALUES } from '@fitbase/domain/merge-fields';
import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-content.ts';

const studio = { name: 'Iron Temple', postalAddress: '1 Main St, Springfield' };

describe('renderEmail', () => {
  it('fills merge fields, renders Markdown and prints the studio footer', () => {
    const email = renderEmail({
      subject: 'Hi {{first_name}}',
      content: '# Welcome {{first_name}}\n\nSee **you** at {{studio_name}}.',
      values: { ...SAMPLE_MERGE_VALUES, studio_name: 'Iron Temple' },
      studio,
      unsubscribeUrl: 'https://app.test/u/abc',
    });
    expect(email.subject).toBe('Hi Alex');
    expect(email.html).toContain('<h1>Welcome Alex</h1>');
    expect(email.html).toContain('<strong>you</strong>');
    expect(email.html).toContain('1 Main St, Springfield');
    expect(email.html).toContain('href="https://app.test/u/abc"');
    expect(email.text).toContain('Unsubscribe: https://app.test/u/abc');
  });

  it('lets no script, handler or javascript: link through, from content or from a value', () => {
    const email = renderEmail({
      subject: 'x',
      content:
        '<script>alert(1)</script><img src=x onerror=alert(1)>\n\n[a](javascript:alert(1)) {{first_name}}',
      values: { ...SAMPLE_MERGE_VALUES, first_name: '<script>alert(2)</script>' },
      studio,
    });
    expect(email.html).not.toMatch(/<script|onerror|href="javascript:/i);
    expect(email.html).toContain('&lt;script&gt;alert(2)');
  });

  it('rewrites http links for click tracking and adds the open pixel', () => {
    const email = renderEmail({
      subject: 'x',
      content: '[Book](https://gym.test/book?a=1&b=2) and [mail](mailto:a@b.c)',
      values: SAMPLE_MERGE_VALUES,
      studio,
      trackLink: (url) => `https://app.test/c?u=${encodeURIComponent(url)}`,
      openPixelUrl: 'https://app.test/o/t.gif',
    });
    expect(email.html).toContain(
      `href="https://app.test/c?u=${encodeURIComponent('https://gym.test/book?a=1&b=2')}"`,
    );
    expect(email.html).toContain('href="mailto:a@b.c"');
    expect(email.html).toContain('src="https://app.test/o/t.gif"');
  });
});
