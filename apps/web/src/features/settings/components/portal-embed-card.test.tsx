import type { OrganizationRole } from '@fitbase/domain/constants';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { PortalEmbedCard } from './portal-embed-card';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const SCHEDULE_URL = 'https://app.fitbase.test/m/studio-zen/schedule';
const SNIPPET = `<iframe src="${SCHEDULE_URL}" title="Studio Zen schedule" width="100%" height="700" style="border:0"></iframe>`;
const EMBED = { origins: ['https://www.studio-zen.com'], scheduleUrl: SCHEDULE_URL };

/** PUT bodies sent, and the answer the next PUT gets (null: the saved origins back). */
let puts: unknown[] = [];
let putAnswer: Response | null = null;
const writeText = vi.fn(async () => undefined);

// Any other request fails the test (mockApi's unhandled-request check).
mockApi(
  http.get('/api/settings/portal-embed', () => Response.json(EMBED)),
  http.put('/api/settings/portal-embed', async ({ request }) => {
    const body = (await request.json()) as { origins: string[] };
    puts.push(body);
    return putAnswer ?? Response.json({ origins: body.origins, scheduleUrl: SCHEDULE_URL });
  }),
);

beforeEach(() => {
  puts = [];
  putAnswer = null;
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  writeText.mockClear();
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(role: OrganizationRole) {
  renderWithProviders(<PortalEmbedCard studioName="Studio Zen" />, { me: studioMe(role) });
}

const websites = () => screen.getByLabelText('Websites allowed to embed') as HTMLTextAreaElement;

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

describe('PortalEmbedCard', () => {
  it('shows the iframe snippet and copies it', async () => {
    renderCard('staff');
    screen.getByRole('heading', { name: 'Embed on your website' });
    const code = (await screen.findByLabelText(
      'Code to paste into your website',
    )) as HTMLTextAreaElement;
    expect(code.value).toBe(SNIPPET);
    expect(code.readOnly).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith(SNIPPET);
    expect(toast.success).toHaveBeenCalledWith('Snippet copied');
  });

  it('saves the websites one a line for an owner', async () => {
    renderCard('owner');
    await screen.findByLabelText('Code to paste into your website');
    expect(websites().value).toBe('https://www.studio-zen.com');
    fireEvent.change(websites(), {
      target: { value: 'https://www.studio-zen.com\n\n  https://zen.example.org  \n' },
    });
    await save();
    await waitFor(() =>
      expect(puts).toEqual([
        { origins: ['https://www.studio-zen.com', 'https://zen.example.org'] },
      ]),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Embed settings saved', expect.anything()),
    );
    expect(websites().value).toBe('https://www.studio-zen.com\nhttps://zen.example.org');
  });

  it('explains a website with a path inline and sends nothing', async () => {
    renderCard('admin');
    await screen.findByLabelText('Code to paste into your website');
    fireEvent.change(websites(), { target: { value: 'https://www.studio-zen.com/classes' } });
    await save();
    expect(
      await screen.findByText(
        'https://www.studio-zen.com/classes: Enter a website address like https://www.example.com (no path)',
      ),
    ).toBeTruthy();
    expect(puts).toHaveLength(0);
  });

  it("shows the server's field error on the websites", async () => {
    putAnswer = Response.json(
      {
        error: {
          code: 'validation_error',
          message: 'At most 10 websites',
          fields: { origins: 'At most 10 websites' },
        },
      },
      { status: 400 },
    );
    renderCard('owner');
    await screen.findByLabelText('Code to paste into your website');
    await save();
    expect(await screen.findByText('At most 10 websites')).toBeTruthy();
    expect(puts).toHaveLength(1);
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalled();
  });

  it('is read-only for roles that may not change the websites', async () => {
    renderCard('trainer');
    await screen.findByLabelText('Code to paste into your website');
    expect(websites().hasAttribute('readonly')).toBe(true);
    screen.getByText('Only owners and admins can change the websites.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    screen.getByRole('button', { name: 'Copy' });
  });
});
