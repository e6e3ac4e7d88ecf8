import type { PortalJoinInfo } from '@fitbase/domain/contracts/portal-join';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderPortal, studio, stubFetch } from '../test/render-portal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const info: PortalJoinInfo = {
  studio,
  offers: [
    {
      id: 'plan-trial',
      name: 'Free Trial Week',
      description: null,
      kind: 'trial',
      price: '0.00',
      signupFee: '0.00',
      billingInterval: null,
      credits: null,
      validityDays: 7,
      minimumTermPeriods: null,
      tax: null,
      dueNow: '0.00',
      needsCard: false,
    },
    {
      id: 'plan-pack',
      name: '5 Class Pack',
      description: null,
      kind: 'class_pack',
      price: '49.00',
      signupFee: '0.00',
      billingInterval: null,
      credits: 5,
      validityDays: 30,
      minimumTermPeriods: null,
      tax: null,
      dueNow: '49.00',
      needsCard: true,
    },
  ],
  waiver: { id: 'w-1', version: 1, title: 'Studio waiver', body: 'At my own risk.' },
};

const fill = (name: string, value: string) =>
  fireEvent.change(screen.getByLabelText(name), { target: { value } });

describe('portal join online', () => {
  it('joins with a paid offer, the waiver and the card: last four only reach the server', async () => {
    const sent: Array<{ body: unknown; key: string | null }> = [];
    stubFetch({
      'GET /api/m/zen': { body: studio },
      'GET /api/m/zen/join': { body: info },
      'POST /api/m/zen/join': (init) => {
        sent.push({
          body: JSON.parse(String(init.body)),
          key: new Headers(init.headers).get('Idempotency-Key'),
        });
        return json(
          { me, membershipId: 'ms-1', planName: '5 Class Pack', message: 'Welcome!' },
          201,
        );
      },
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/schedule': {
        body: { timeZone: studio.timeZone, from: '', to: '', sessions: [] },
      },
    });
    const { router } = renderPortal('/m/zen/join');
    expect(await screen.findByRole('heading', { name: 'Join Studio Zen' })).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    // The form itself loads with the page.
    fireEvent.click(await screen.findByRole('radio', { name: /5 Class Pack/ }));
    fill('First name', 'Jo');
    fill('Last name', 'Joiner');
    fill('Email', 'jo@example.com');
    fill('Phone', '555');
    expect(screen.getByText('At my own risk.')).toBeTruthy();
    expect(screen.queryByLabelText('Parent or guardian name')).toBeNull();
    fill('Date of birth', '2015-05-05');
    expect(screen.getByLabelText('Parent or guardian name')).toBeTruthy();
    fill('Date of birth', '');
    fill('Full name', 'Jo Joiner');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and agree' }));
    fill('Card number', '4242 4242 4242 4242');
    fill('Expiry (MM/YY)', '12/39');
    fill('Name on card', 'Jo Joiner');
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/zen/schedule'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({
      offerId: 'plan-pack',
      email: 'jo@example.com',
      waiver: { fullName: 'Jo Joiner', agree: true, guardianName: null },
      card: { cardLastFour: '4242', cardBrand: 'visa', cardExpMonth: 12, cardExpYear: 2039 },
    });
    expect(JSON.stringify(sent[0]!.body)).not.toContain('4242424242424242');
  });

  it('shows field errors beside the fields and points an existing member to sign in', async () => {
    stubFetch({
      'GET /api/m/zen': { body: studio },
      'GET /api/m/zen/join': { body: { ...info, waiver: null } },
      'POST /api/m/zen/join': () =>
        json(
          {
            error: {
              code: 'member_exists',
              message: "This email can't be used to join Studio Zen.",
              fields: {
                email: "This email can't be used to join Studio Zen.",
                phone: 'Phone is required',
              },
            },
          },
          409,
        ),
    });
    renderPortal('/m/zen/join');
    fireEvent.click(await screen.findByRole('radio', { name: /Free Trial Week/ }));
    expect(screen.queryByText('Studio waiver')).toBeNull();
    // Missing answers are shown before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    fill('First name', 'Jo');
    fill('Last name', 'Joiner');
    fill('Email', 'member@example.com');
    fill('Phone', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Phone is required')).toBeTruthy();
    expect(screen.queryByText('First name is required')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    const alert = screen
      .getAllByRole('alert')
      .find((a) => a.textContent?.includes("can't be used to join"));
    expect(alert?.querySelector('a')?.getAttribute('href')).toBe('/m/zen');
  });

  it.each([
    ['EUR', 'de-DE', '1.234,50 €'],
    ['JPY', 'ja-JP', '￥3,000'],
  ] as const)(
    'prices the offers in the studio currency and locale (%s, %s)',
    async (currency, locale, price) => {
      const local = { ...studio, currency, locale };
      const amount = currency === 'JPY' ? '3000.00' : '1234.50';
      const pack = { ...info.offers[1]!, price: amount, dueNow: amount };
      stubFetch({
        'GET /api/m/zen': { body: local },
        'GET /api/m/zen/join': {
          body: { ...info, studio: local, offers: [info.offers[0]!, pack] },
        },
      });
      renderPortal('/m/zen/join');
      const radio = await screen.findByRole('radio', { name: /5 Class Pack/ });
      fireEvent.click(radio);
      const plain = (text: string | null | undefined) =>
        (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
      expect(plain(document.body.textContent)).toContain(price);
      expect(plain(document.body.textContent)).toContain(`Pay ${price}`);
      expect(document.body.textContent).not.toContain('$');
    },
  );
});
