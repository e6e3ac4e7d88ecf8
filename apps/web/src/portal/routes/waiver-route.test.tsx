import type { PortalSession, PortalWeek } from '@fitbase/domain/contracts/portal';
import type { PortalWaiver } from '@fitbase/domain/contracts/waivers';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, me, renderPortal, stubFetch } from '../test/render-portal';

// docs/product/waivers.md: the member reads, signs and downloads; a refused booking links here.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const unsigned: PortalWaiver = {
  waiver: { id: 'w-1', version: 2, title: 'Liability waiver', body: 'At my own risk.' },
  requiredToBook: true,
  guardianRequired: false,
  signature: null,
};

const signature = {
  id: 'sig-1',
  waiverId: 'w-1',
  version: 2,
  title: 'Liability waiver',
  signedName: 'Ada Lovelace',
  guardianName: null,
  sha256: 'ab'.repeat(32),
  signedAt: '2026-03-14T10:00:00Z',
  current: true,
};

describe('portal waiver page', () => {
  it('signs with the typed name and I have read and agree, then offers the PDF', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/waiver': { body: unsigned },
      'GET /api/m/zen/waiver-signatures': { body: { signatures: [signature] } },
      'POST /api/m/zen/waiver/sign': (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return json({ ...unsigned, signature }, 201);
      },
    });
    renderPortal('/m/zen/waiver');
    expect(await screen.findByRole('heading', { name: 'Liability waiver' })).toBeTruthy();
    expect(screen.queryByLabelText('Parent or guardian name')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign waiver' }));
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Tick I have read and agree to sign')).toBeTruthy();
    expect(bodies).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: ' Ada Lovelace ' } });
    fireEvent.click(screen.getByLabelText('I have read and agree'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign waiver' }));
    const download = await screen.findByRole('link', { name: 'Download PDF' });
    expect(download.getAttribute('href')).toBe('/api/m/zen/waiver-signatures/sig-1/pdf');
    expect(screen.getByText(/You signed version 2 on Sat, Mar 14, 2026/)).toBeTruthy();
    expect(bodies).toEqual([
      { waiverId: 'w-1', fullName: 'Ada Lovelace', guardianName: null, agree: true },
    ]);
  });

  it('asks a member under 18 for a parent or guardian name', async () => {
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/waiver': { body: { ...unsigned, guardianRequired: true } },
    });
    renderPortal('/m/zen/waiver');
    await screen.findByRole('heading', { name: 'Liability waiver' });
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: 'Kid' } });
    fireEvent.click(screen.getByLabelText('I have read and agree'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign waiver' }));
    expect(
      await screen.findByText('Parent or guardian name is required for a member under 18'),
    ).toBeTruthy();
  });

  it('shows the newer version when the studio published one before signing', async () => {
    let current: PortalWaiver = unsigned;
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/waiver': () => json(current),
      'POST /api/m/zen/waiver/sign': () => {
        current = { ...unsigned, waiver: { ...unsigned.waiver!, id: 'w-3', version: 3 } };
        return apiError(409, 'waiver_outdated', 'The studio has a newer version of its waiver.');
      },
    });
    renderPortal('/m/zen/waiver');
    await screen.findByText('Version 2');
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByLabelText('I have read and agree'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign waiver' }));
    expect(await screen.findByText('The studio has a newer version of its waiver.')).toBeTruthy();
    expect(await screen.findByText('Version 3')).toBeTruthy();
    expect((screen.getByLabelText('I have read and agree') as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('links a booking refused for want of a signature to the waiver page', async () => {
    const session: PortalSession = {
      id: 's-yoga',
      name: 'Yoga',
      startsAt: '2099-12-08T17:00:00Z',
      endsAt: '2099-12-08T18:00:00Z',
      trainerName: null,
      room: null,
      capacity: 10,
      placesLeft: 4,
      waitlistCount: 0,
      status: 'scheduled',
      myBooking: null,
      myCost: null,
    };
    const week: PortalWeek = {
      timeZone: 'Europe/Berlin',
      from: '2099-12-07',
      to: '2099-12-13',
      sessions: [session],
    };
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/schedule?from=2099-12-07': { body: week },
      'GET /api/m/zen/waiver': { body: unsigned },
      'POST /api/m/zen/sessions/s-yoga/book': () =>
        apiError(409, 'waiver_required', "Sign the studio's waiver before booking."),
    });
    const { router } = renderPortal('/m/zen/schedule?from=2099-12-07');
    fireEvent.click(await screen.findByRole('button', { name: 'Book' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Sign the waiver' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/zen/waiver'));
    expect(await screen.findByRole('button', { name: 'Sign waiver' })).toBeTruthy();
  });
});
