import { SAMPLE_MERGE_VALUES } from '@fitbase/domain/merge-fields';
import { describe, expect, it } from 'vitest';
import { renderEmail, serviceEmail } from './email-content.ts';

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

describe('serviceEmail', () => {
  it('frames escaped paragraphs with the studio logo, colour and footer', () => {
    const studio = {
      name: 'Iron & Oak',
      postalAddress: '1 Main St',
      primaryColor: '#0f766e',
      logoUrl: 'https://fitbase.example/api/logos/abc',
    };
    const mail = serviceEmail(studio, ['Hello <Sam>,', 'Your class moved.']);
    expect(mail.html).toContain('<p>Hello &#60;Sam&#62;,</p><p>Your class moved.</p>');
    expect(mail.html).toContain('height:4px;background:#0f766e');
    expect(mail.html).toContain(
      '<img src="https://fitbase.example/api/logos/abc" alt="Iron &#38; Oak"',
    );
    expect(mail.html).toContain('Iron &#38; Oak<br>1 Main St');
    expect(mail.text).toBe('Hello <Sam>,\n\nYour class moved.\n\n--\nIron & Oak\n1 Main St\n');
  });

  it('falls back to the name in the default colour, and never writes a bad colour', () => {
    const mail = serviceEmail(
      { name: 'Studio', postalAddress: null, primaryColor: 'red;x:y', logoUrl: null },
      ['Hi'],
    );
    expect(mail.html).toContain('background:#1d4ed8');
    expect(mail.html).not.toContain('red;x:y');
    expect(mail.html).toContain('font-weight:bold;color:#1d4ed8">Studio</span>');
  });
});
