import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { HelpRoute } from './help-route';

vi.mock('@/lib/session', () => ({
  useCurrentOrganization: () => ({
    organization: { id: 'org-1', role: 'staff' },
    organizations: [],
    role: 'staff',
  }),
}));

let views: Record<string, number>;
let posts: string[];
mockApi(
  http.post('/api/help/articles/:slug/views', ({ params }) => {
    const slug = params.slug as string;
    posts.push(slug);
    views[slug] = (views[slug] ?? 0) + 1;
    return Response.json({ slug, views: views[slug] });
  }),
  http.get('/api/help/views', () => Response.json({ views })),
);
beforeEach(() => {
  views = { 'audit-log': 41 };
  posts = [];
});
afterEach(() => {
  cleanup();
});

function renderHelp(path = '/help') {
  return renderWithProviders(<HelpRoute />, { router: { path: '/help', initialEntries: [path] } })
    .router!;
}

const tabCount = (name: string) =>
  Number(screen.getByRole('tab', { name: new RegExp(`^${name}`) }).textContent!.replace(/\D/g, ''));

describe('HelpRoute', () => {
  it('lists every tab with its count and each article with its real view count', async () => {
    renderHelp();
    expect(tabCount('Articles')).toBe(15);
    expect(tabCount('FAQs')).toBe(10);
    expect(tabCount('Tutorials')).toBe(8);
    expect(tabCount('Resources')).toBe(8);
    expect((await screen.findByTestId('views-audit-log')).textContent).toBe('41 views');
    expect(screen.getByTestId('views-automations').textContent).toBe('0 views');
  });

  it('filters all four tabs as you type, marks the matched words, and says when nothing matches', async () => {
    renderHelp();
    const search = screen.getByPlaceholderText('Search help articles...');
    fireEvent.change(search, { target: { value: 'birthd' } });
    expect(tabCount('FAQs')).toBeGreaterThan(0);
    expect(tabCount('Articles')).toBeLessThan(15);
    const marks = screen.getAllByText((_, el) => el?.tagName === 'MARK');
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.textContent!.toLowerCase()).toMatch(/^birth/);

    // A typo still finds it (fuzzy).
    fireEvent.change(search, { target: { value: 'birthdya' } });
    expect(tabCount('FAQs')).toBeGreaterThan(0);

    fireEvent.change(search, { target: { value: 'zzqxv' } });
    for (const tab of ['Articles', 'FAQs', 'Tutorials', 'Resources']) expect(tabCount(tab)).toBe(0);
    expect(screen.getByText('No articles match “zzqxv”')).toBeTruthy();
  });

  it('opens an article from its link, renders its Markdown and counts one view per opening', async () => {
    const router = renderHelp();
    fireEvent.click(await screen.findByRole('link', { name: 'The audit log' }));
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { level: 1, name: 'The audit log' })).toBeTruthy();
    expect(within(article).getByRole('heading', { level: 2, name: 'Who can see it' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('article-views').textContent).toBe('42 views'));
    expect(posts).toEqual(['audit-log']);

    fireEvent.click(screen.getByRole('link', { name: 'Back to Help Center' }));
    await screen.findByPlaceholderText('Search help articles...');
    await router.navigate('/help?article=audit-log');
    await waitFor(() => expect(posts).toEqual(['audit-log', 'audit-log']));
  });

  it('opens a tutorial without counting it, with its reading time', async () => {
    renderHelp('/help?article=tutorial-leads');
    const article = await screen.findByRole('article');
    expect(within(article).getByText('2 min read')).toBeTruthy();
    expect(within(article).getAllByRole('listitem').length).toBeGreaterThanOrEqual(5);
    expect(posts).toEqual([]);
  });

  it('links resources to files that download, with their type and size', () => {
    renderHelp('/help?tab=resources');
    const link = screen.getByRole('link', { name: 'Download Members import template' });
    expect(link.getAttribute('href')).toBe('/help/resources/fitbase-import-members.csv');
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getAllByText('CSV').length).toBe(5);
  });
});
