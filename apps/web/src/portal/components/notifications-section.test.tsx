import type { PortalProfile } from '@fitbase/domain/contracts/portal';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderPortal, stubFetch } from '../test/render-portal';

// docs/product/member-portal.md#notifications: push on this device, through the portal's
// service worker registration (the browser's parts are stubbed: jsdom has no push).

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profile: PortalProfile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  state: null,
  postalCode: null,
  emergencyContactName: null,
  emergencyContactPhone: null,
  emergencyContactRelationship: null,
  marketingConsent: false,
  emailReminders: true,
  pushReminders: true,
  pushMarketing: false,
};

// A P-256 public key as a server serves it (65 bytes, base64url).
const PUBLIC_KEY =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://push.example.net/send/abc';
const subscriptionPath = `/api/m/zen/push/subscription?endpoint=${encodeURIComponent(ENDPOINT)}`;

function stubBrowser(permission: NotificationPermission) {
  let current: PushSubscription | null = null;
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    current = {
      endpoint: ENDPOINT,
      options: { applicationServerKey: (options.applicationServerKey as Uint8Array).buffer },
      toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p256', auth: 'auth' } }),
      unsubscribe: async () => true,
    } as unknown as PushSubscription;
    return current;
  });
  const registration = {
    pushManager: { getSubscription: async () => current, subscribe },
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal(
    'Notification',
    Object.assign(class {}, { permission: 'default', requestPermission: async () => permission }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, register: async () => registration },
  });
  return { subscribe };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('push on this device', () => {
  it('asks permission, subscribes with the server key, gives the studio the subscription', async () => {
    const { subscribe } = stubBrowser('granted');
    let subscribed = false;
    const posted: unknown[] = [];
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/profile': { body: profile },
      'GET /api/m/zen/cards': { body: { cards: [] } },
      'GET /api/m/zen/check-in-code': { body: { code: 'c' } },
      'GET /api/m/zen/push/public-key': { body: { publicKey: PUBLIC_KEY } },
      [`GET ${subscriptionPath}`]: () => json({ subscribed }),
      'POST /api/m/zen/push/subscription': (init) => {
        posted.push(JSON.parse(String(init.body)));
        subscribed = true;
        return json({ subscribed });
      },
      [`DELETE ${subscriptionPath}`]: () => {
        subscribed = false;
        return json({ subscribed });
      },
    });
    renderPortal('/m/zen/profile');

    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByText('Push notifications are on for this device.')).toBeTruthy();
    expect(subscribe).toHaveBeenCalledTimes(1);
    const options = subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(posted).toEqual([{ endpoint: ENDPOINT, keys: { p256dh: 'p256', auth: 'auth' } }]);

    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Turn on push notifications' })).toBeTruthy();
    expect(subscribed).toBe(false);
  });

  it('explains when the member refuses the permission', async () => {
    stubBrowser('denied');
    stubFetch({
      'GET /api/m/zen/me': { body: me },
      'GET /api/m/zen/profile': { body: profile },
      'GET /api/m/zen/cards': { body: { cards: [] } },
      'GET /api/m/zen/check-in-code': { body: { code: 'c' } },
    });
    renderPortal('/m/zen/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy();
  });
});
