import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Markdown, parseBlocks } from './markdown';

afterEach(cleanup);

const show = (source: string, terms: string[] = []) =>
  renderWithProviders(<Markdown source={source} terms={terms} />, { router: true }).container;

describe('Markdown', () => {
  it('renders headings, paragraphs, both kinds of list, bold, code and links', () => {
    const page = show(
      '## Steps\n\nSome **bold** and `code`.\n\n1. One\n2. Two\n\n- A [guide](/help?article=x)\n- B',
    );
    expect(page.querySelector('h2')!.textContent).toBe('Steps');
    expect(page.querySelector('strong')!.textContent).toBe('bold');
    expect(page.querySelector('code')!.textContent).toBe('code');
    expect(page.querySelectorAll('ol > li')).toHaveLength(2);
    expect(page.querySelectorAll('ul > li')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'guide' }).getAttribute('href')).toBe(
      '/help?article=x',
    );
  });

  it('never turns markup into HTML and never links to a script', () => {
    const page = show(
      '<img src=x onerror="alert(1)"> [click](javascript:alert(1)) [data](data:text/html,hi)',
    );
    expect(page.querySelector('img')).toBeNull();
    expect(page.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(page.querySelector('a')).toBeNull();
  });

  it('marks matched words, whole words only and in any case', () => {
    const page = show('Members and membership: a member.', ['member']);
    expect([...page.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['member']);
  });

  it('joins the lines of a paragraph and continues an indented list item', () => {
    expect(parseBlocks('one\ntwo\n\n- item\n  more')).toEqual([
      { kind: 'paragraph', text: 'one two' },
      { kind: 'list', ordered: false, items: ['item more'] },
    ]);
  });
});
