import type { OrganizationRole } from '@fitbase/domain/constants';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { MembershipRulesCard } from './membership-rules-card';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const HELP =
  "Members who cancel online keep their membership until the end of the billing period in which this notice runs (and their plan's minimum term).";

const RULES = { cancelNoticeDays: 30, pauseMinDays: 7, pauseMaxDays: 90, pausesPerYear: 2 };

/** PUT bodies sent, and the answer the next PUT gets (null: the body back). */
let puts: unknown[] = [];
let putAnswer: Response | null = null;

// Any other request fails the test (mockApi's unhandled-request check).
mockApi(
  http.get('/api/settings/membership-rules', () => Response.json(RULES)),
  http.put('/api/settings/membership-rules', async ({ request }) => {
    const body: unknown = await request.json();
    puts.push(body);
    return putAnswer ?? Response.json(body);
  }),
);

beforeEach(() => {
  puts = [];
  putAnswer = null;
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  cleanup();
});

function renderCard(role: OrganizationRole) {
  renderWithProviders(<MembershipRulesCard />, { me: studioMe(role) });
}

describe('MembershipRulesCard', () => {
  it('saves the notice period and the pause rules for an owner', async () => {
    renderCard('owner');
    screen.getByRole('heading', { name: 'Online cancellation and pauses' });
    const notice = await screen.findByLabelText('Notice period (days)');
    expect((notice as HTMLInputElement).value).toBe('30');
    screen.getByText(HELP);
    const shortest = screen.getByLabelText('Shortest pause (days)') as HTMLInputElement;
    const longest = screen.getByLabelText('Longest pause (days)') as HTMLInputElement;
    const perYear = screen.getByLabelText('Pauses a year') as HTMLInputElement;
    expect([shortest.value, longest.value, perYear.value]).toEqual(['7', '90', '2']);
    fireEvent.change(notice, { target: { value: '60' } });
    fireEvent.change(shortest, { target: { value: '14' } });
    fireEvent.change(longest, { target: { value: '60' } });
    fireEvent.change(perYear, { target: { value: '1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await waitFor(() =>
      expect(puts).toEqual([
        { cancelNoticeDays: 60, pauseMinDays: 14, pauseMaxDays: 60, pausesPerYear: 1 },
      ]),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Membership rules saved', expect.anything()),
    );
  });

  it('explains a period out of range inline and sends nothing', async () => {
    renderCard('admin');
    const notice = await screen.findByLabelText('Notice period (days)');
    fireEvent.change(notice, { target: { value: '181' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    screen.getByText('Notice period is at most 180 days');
    expect(puts).toHaveLength(0);
  });

  it('asks for a longest pause at least the shortest and sends nothing', async () => {
    renderCard('owner');
    const shortest = await screen.findByLabelText('Shortest pause (days)');
    fireEvent.change(shortest, { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Longest pause (days)'), { target: { value: '10' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    screen.getByText('Longest pause must be at least the shortest pause');
    expect(puts).toHaveLength(0);
  });

  it("shows the server's validation message on the field", async () => {
    putAnswer = Response.json(
      {
        error: {
          code: 'validation_error',
          message: 'Pauses a year is at most 12 pauses',
          fields: { pausesPerYear: 'Pauses a year is at most 12 pauses' },
        },
      },
      { status: 400 },
    );
    renderCard('owner');
    await screen.findByLabelText('Notice period (days)');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(await screen.findByText('Pauses a year is at most 12 pauses')).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalled();
  });

  it('is read-only for roles that may not change it', async () => {
    renderCard('staff');
    const notice = await screen.findByLabelText('Notice period (days)');
    expect(notice.hasAttribute('readonly')).toBe(true);
    for (const label of ['Shortest pause (days)', 'Longest pause (days)', 'Pauses a year'])
      expect(screen.getByLabelText(label).hasAttribute('readonly')).toBe(true);
    screen.getByText('Only owners and admins can change these rules.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
