import type { PortalMembership } from '@fitbase/domain/contracts/portal';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, me, renderPortal, stubFetch } from '../test/render-portal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const unlimited: PortalMembership = {
  id: 'ms-1',
  planName: 'Unlimited',
  kind: 'membership',
  status: 'active',
  startDate: '2025-09-01',
  endDate: null,
  nextChargeDate: '2026-03-01',
  nextChargeAmount: '1249.5',
  creditsLeft: null,
  pausedOn: null,
  resumesOn: null,
  ending: false,
  canCancel: true,
  canPause: false,
  scheduledPause: null,
};
const RULES = { pauseMinDays: 7, pauseMaxDays: 90, pausesPerYear: 2 };
const RULE_TEXT =
  'A pause lasts 7 to 90 days, up to 2 times a year; your membership resumes the day after the last paused day.';
const pack: PortalMembership = {
  ...unlimited,
  id: 'ms-2',
  planName: '10-class pack',
  kind: 'class_pack',
  endDate: '2026-06-30',
  nextChargeDate: null,
  nextChargeAmount: null,
  creditsLeft: 7,
  canCancel: false,
};
const paused: PortalMembership = {
  ...unlimited,
  id: 'ms-3',
  planName: 'Off-peak',
  status: 'paused',
  nextChargeDate: null,
  nextChargeAmount: null,
  pausedOn: '2026-02-01',
  resumesOn: '2026-04-01',
  canCancel: false,
};
const TERMS =
  'Unlimited ends on Sat 14 Mar 2026, the end of the current billing period. You can use it until then; no payment is taken after that.';
const CANCELLED = { lastDay: '2026-03-14', message: TERMS };

function card(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('li') as HTMLElement;
}

describe('portal membership', () => {
  it("quotes the next charge in the studio's currency and locale (ADR 0038)", async () => {
    const berlin = { ...me.studio, currency: 'EUR', locale: 'de-DE' };
    stubFetch({
      'GET /api/m/zen': { body: berlin },
      'GET /api/m/zen/me': { body: { ...me, studio: berlin } },
      'GET /api/m/zen/memberships': { body: { memberships: [unlimited], pauseRules: RULES } },
    });
    renderPortal('/m/zen/membership');
    await waitFor(() =>
      expect(card('Unlimited').textContent?.replace(/\u00a0/g, ' ')).toContain(
        'Next charge: 1.249,50 € on',
      ),
    );
  });

  it('shows each membership with its status and figures', async () => {
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/memberships': {
        body: { memberships: [unlimited, pack, paused], pauseRules: RULES },
      },
    });
    renderPortal('/m/zen/membership');

    expect(await screen.findByRole('heading', { name: 'Membership', level: 1 })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Membership' });
    expect(link.getAttribute('aria-current')).toBe('page');

    const main = card('Unlimited');
    within(main).getByText('Active');
    within(main).getByText('Next charge: $1,249.50 on Sun, Mar 1, 2026');
    within(main).getByRole('button', { name: 'Cancel membership' });
    expect(within(main).queryByRole('button', { name: 'Pause membership' })).toBeNull();

    const credits = card('10-class pack');
    within(credits).getByText('Credits left: 7');
    within(credits).getByText('Expires Tue, Jun 30, 2026');
    expect(within(credits).queryByRole('button')).toBeNull();

    const off = card('Off-peak');
    within(off).getByText('Paused');
    within(off).getByText('Paused until Wed, Apr 1, 2026');
  });

  it('says so when there is no membership', async () => {
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/memberships': { body: { memberships: [], pauseRules: RULES } },
    });
    renderPortal('/m/zen/membership');
    expect(await screen.findByText('You have no current membership.')).toBeTruthy();
  });

  it('states the terms, asks to confirm the last day, then cancels with the reason', async () => {
    let list = [unlimited];
    const fetchMock = stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/memberships': () => json({ memberships: list, pauseRules: RULES }),
      'GET /api/m/zen/memberships/ms-1/cancel-terms': { body: CANCELLED },
      'POST /api/m/zen/memberships/ms-1/cancel': () => {
        list = [{ ...unlimited, ending: true, canCancel: false, endDate: '2026-03-14' }];
        return json(CANCELLED);
      },
    });
    renderPortal('/m/zen/membership');

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel membership?' });
    expect(await within(dialog).findByText(TERMS)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), {
      target: { value: '  Moving to another city  ' },
    });
    within(dialog).getByRole('button', { name: 'Keep membership' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    within(dialog).getByText('Your membership ends on Sat, Mar 14, 2026.');
    // Back keeps what was typed.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect((within(dialog).getByLabelText('Reason (optional)') as HTMLTextAreaElement).value).toBe(
      '  Moving to another city  ',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));

    expect(
      await screen.findByText(
        'Membership cancelled. It ends on Sat, Mar 14, 2026. We sent you an email.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Ends on Sat, Mar 14, 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel membership' })).toBeNull();

    const cancelCall = fetchMock.mock.calls.find(
      ([url]) => url === '/api/m/zen/memberships/ms-1/cancel',
    );
    expect(cancelCall?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(cancelCall?.[1]?.body))).toEqual({ reason: 'Moving to another city' });
  });

  it('shows the server refusing the cancel in the dialog', async () => {
    const fetchMock = stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/memberships': { body: { memberships: [unlimited], pauseRules: RULES } },
      'GET /api/m/zen/memberships/ms-1/cancel-terms': { body: CANCELLED },
      'POST /api/m/zen/memberships/ms-1/cancel': () =>
        apiError(409, 'membership_state', 'Unlimited already ends on Sat 14 Mar 2026.'),
    });
    renderPortal('/m/zen/membership');

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel membership?' });
    await within(dialog).findByText(TERMS);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Unlimited already ends on Sat 14 Mar 2026.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    const posted = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/cancel'));
    expect(posted).toHaveLength(1);
    expect(JSON.parse(String(posted[0]?.[1]?.body))).toEqual({});
  });

  it('shows why a membership cannot be cancelled when the terms are refused', async () => {
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/memberships': { body: { memberships: [unlimited], pauseRules: RULES } },
      'GET /api/m/zen/memberships/ms-1/cancel-terms': () =>
        apiError(409, 'membership_state', 'Unlimited cannot be cancelled here: ask the studio.'),
    });
    renderPortal('/m/zen/membership');

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel membership?' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Unlimited cannot be cancelled here: ask the studio.');
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep membership' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('pauses a membership from the first to the last paused day and says what follows', async () => {
    const pausable = { ...unlimited, canPause: true };
    let list = [pausable];
    const PAUSED =
      'Unlimited is paused from Mon 7 Dec 2026 to Sun 20 Dec 2026 and resumes on Mon 21 Dec 2026. Your next charge moves to Thu 21 Jan 2027.';
    const fetchMock = stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/memberships': () => json({ memberships: list, pauseRules: RULES }),
      'POST /api/m/zen/memberships/ms-1/pause': () => {
        list = [
          {
            ...pausable,
            canPause: false,
            scheduledPause: { firstDay: '2026-12-07', lastDay: '2026-12-20' },
          },
        ];
        return json({ message: PAUSED });
      },
    });
    renderPortal('/m/zen/membership');

    fireEvent.click(await screen.findByRole('button', { name: 'Pause membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause membership' });
    within(dialog).getByText(RULE_TEXT);
    const first = within(dialog).getByLabelText('First paused day') as HTMLInputElement;
    const last = within(dialog).getByLabelText('Last paused day') as HTMLInputElement;
    expect(first.type).toBe('date');
    expect(first.min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    within(dialog).getByRole('button', { name: 'Keep membership' });
    fireEvent.change(first, { target: { value: '2026-12-07' } });
    fireEvent.change(last, { target: { value: '2026-12-20' } });
    expect(last.min).toBe('2026-12-07');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause membership' }));

    expect(await screen.findByText(PAUSED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByText('Pause booked: Mon, Dec 7, 2026 to Sun, Dec 20, 2026'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause membership' })).toBeNull();

    const pauseCall = fetchMock.mock.calls.find(
      ([url]) => url === '/api/m/zen/memberships/ms-1/pause',
    );
    expect(pauseCall?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(pauseCall?.[1]?.body))).toEqual({
      firstDay: '2026-12-07',
      lastDay: '2026-12-20',
    });
  });

  it('shows the server refusing a pause in the dialog', async () => {
    const REFUSED = 'A pause lasts at least 7 days: this one is 3.';
    const fetchMock = stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/memberships': {
        body: { memberships: [{ ...unlimited, canPause: true }], pauseRules: RULES },
      },
      'POST /api/m/zen/memberships/ms-1/pause': () => apiError(400, 'validation_error', REFUSED),
    });
    renderPortal('/m/zen/membership');

    fireEvent.click(await screen.findByRole('button', { name: 'Pause membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause membership' });
    fireEvent.change(within(dialog).getByLabelText('First paused day'), {
      target: { value: '2026-12-07' },
    });
    fireEvent.change(within(dialog).getByLabelText('Last paused day'), {
      target: { value: '2026-12-09' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause membership' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(REFUSED);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/pause'))).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep membership' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
