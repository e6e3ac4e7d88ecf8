import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { CalendarFeedCard } from './calendar-feed-card';

// docs/product/integrations.md#calendar-feeds: a trainer's teaching schedule in their calendar.

const api = mockApi();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FIRST = 'https://gym.example/api/public/calendar/Zmlyc3Q.AAAA.ics';
const SECOND = 'https://gym.example/api/public/calendar/c2Vjb25k.BBBB.ics';

describe('CalendarFeedCard', () => {
  it('shows the link, copies it, and rotates it after asking', async () => {
    api.answer({
      'GET /api/calendar-feed': () => HttpResponse.json({ url: FIRST, rotatedAt: null }),
      'POST /api/calendar-feed/rotate': () =>
        HttpResponse.json({ url: SECOND, rotatedAt: '2026-11-29T10:00:00.000Z' }),
    });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<CalendarFeedCard />);
    const link = (await screen.findByLabelText('Calendar link')) as HTMLInputElement;
    expect(link.value).toBe(FIRST);

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FIRST));

    fireEvent.click(screen.getByRole('button', { name: 'Rotate link' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rotate your calendar link?' });
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(
      Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Rotate link')!,
    );
    await waitFor(() => expect(link.value).toBe(SECOND));
    expect(api.requests.filter((r) => r.path === '/api/calendar-feed/rotate')).toHaveLength(1);
  });
});
