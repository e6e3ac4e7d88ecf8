import 'fake-indexeddb/auto';
import type { KioskRoster } from '@fitbase/domain/contracts/kiosk';
import {
  KIOSK_NOT_FOUND_MESSAGE,
  KIOSK_REFUSALS,
  KIOSK_UNPAIRED_MESSAGE,
} from '@fitbase/domain/kiosk-constants';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { kioskApi } from './api/kiosk-api';
import { formatTime } from './components/kiosk-format';
import { KioskApp } from './kiosk-app';
import { KioskRuntime } from './runtime/kiosk-runtime';
import { createIndexedDbStore, type KioskStore } from './storage/kiosk-store';
import { ADA_CODE, GRACE_CODE, me, roster } from './test/kiosk-fixtures';

// docs/product/kiosk.md: the kiosk device's screens, with the network answered by mockApi.

type Answer = Response | ((body: unknown) => Response);

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
const apiError = (status: number, code: string, message = code) =>
  json({ error: { code, message } }, status);

const api = mockApi();

/** The server's answers by 'METHOD /path'; a request nobody answers fails like a lost network. */
function network(answers: Record<string, Answer>) {
  const calls: Array<{ key: string; body: unknown; auth: string | null }> = [];
  api.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const key = `${request.method} ${url.pathname}${url.search}`;
      const text = await request.text();
      const body = text ? JSON.parse(text) : undefined;
      calls.push({ key, body, auth: request.headers.get('authorization') });
      const answer = answers[key];
      if (!answer) return HttpResponse.error();
      return typeof answer === 'function' ? answer(body) : answer.clone();
    }),
  );
  return { calls, answers, bodyOf: (key: string) => calls.filter((c) => c.key === key) };
}

let dbCount = 0;
let online = true;
let store: KioskStore;
let list: KioskRoster;

function renderKiosk() {
  const runtime = new KioskRuntime(store, kioskApi, {
    now: () => Date.now(),
    hasNetwork: () => online,
    newId: () => crypto.randomUUID(),
  });
  render(<KioskApp runtime={runtime} />);
  return runtime;
}

async function paired() {
  await store.writeDevice({ token: 'fbk_token', me });
  await store.writeRoster(list);
}

const scan = (code: string) => {
  const input = screen.getByLabelText('Scanned code');
  fireEvent.change(input, { target: { value: code } });
  fireEvent.submit(input.closest('form')!);
};

// The studio's locale writes the time (ADR 0038): de-DE, '18:20' style.
const yogaTime = () => formatTime(list.sessions[0]!.startsAt, me.studio.timeZone, me.studio.locale);

const welcomeAda = () => ({
  clientId: 'x',
  member: { firstName: 'Ada', photoUrl: null },
  session: { id: list.sessions[0]!.id, name: 'Yoga', startsAt: list.sessions[0]!.startsAt },
  duplicate: false,
  checkedInAt: new Date().toISOString(),
});

beforeEach(async () => {
  online = true;
  store = createIndexedDbStore(`kiosk-app-test-${++dbCount}`);
  list = await roster(Date.now());
  window.history.replaceState(null, '', '/kiosk');
});

afterEach(() => {
  cleanup();
});

describe('pairing', () => {
  it('pairs with the code from Settings and opens the check-in screen', async () => {
    const net = network({
      'POST /api/kiosk/pair': json({ ...me, token: 'fbk_new' }),
      'GET /api/kiosk/me': json(me),
      'GET /api/kiosk/roster': json(list),
    });
    renderKiosk();
    fireEvent.change(await screen.findByLabelText('Pairing code'), {
      target: { value: ' k7qh-2mxd ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pair kiosk' }));

    expect(await screen.findByRole('heading', { name: 'Studio Zen' })).toBeTruthy();
    expect(await screen.findByText(/Yoga/)).toBeTruthy();
    expect(net.bodyOf('POST /api/kiosk/pair')[0]!.body).toEqual({ code: 'k7qh-2mxd' });
    expect(net.bodyOf('GET /api/kiosk/roster')[0]!.auth).toBe('Bearer fbk_new');
    expect((await store.readDevice())?.token).toBe('fbk_new');
    await waitFor(async () => expect(await store.readRoster()).toEqual(list));
  });

  it('says when the code is wrong or expired', async () => {
    network({ 'POST /api/kiosk/pair': apiError(400, 'invalid_code') });
    renderKiosk();
    fireEvent.change(await screen.findByLabelText('Pairing code'), {
      target: { value: 'WRONG-CODE' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pair kiosk' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This pairing code is not valid or has expired',
    );
    expect(await store.readDevice()).toBeNull();
  });

  it('pairs at once with the code in the address of the QR code, and takes it off the address', async () => {
    const net = network({
      'POST /api/kiosk/pair': json({ ...me, token: 'fbk_qr' }),
      'GET /api/kiosk/me': json(me),
      'GET /api/kiosk/roster': json(list),
    });
    window.history.replaceState(null, '', '/kiosk?code=K7QH-2MXD');
    renderKiosk();
    expect(await screen.findByRole('heading', { name: 'Studio Zen' })).toBeTruthy();
    expect(net.bodyOf('POST /api/kiosk/pair')).toHaveLength(1);
    expect(net.bodyOf('POST /api/kiosk/pair')[0]!.body).toEqual({ code: 'K7QH-2MXD' });
    expect(window.location.search).toBe('');
  });
});

describe('checking in online', () => {
  beforeEach(paired);

  it('welcomes a member scanned in, with the class they were checked in to', async () => {
    const net = network({
      'GET /api/kiosk/me': json(me),
      'GET /api/kiosk/roster': json(list),
      'POST /api/kiosk/check-ins': (body) => json({ ...welcomeAda(), ...(body as object) }),
    });
    renderKiosk();
    await screen.findByRole('heading', { name: 'Studio Zen' });
    expect(document.activeElement).toBe(screen.getByLabelText('Scanned code'));
    scan(ADA_CODE);

    expect(await screen.findByText('Welcome, Ada!')).toBeTruthy();
    expect(screen.getByText(`Checked in to Yoga at ${yogaTime()}`)).toBeTruthy();
    expect(yogaTime()).toMatch(/^\d{2}:\d{2}$/);
    const [sent] = net.bodyOf('POST /api/kiosk/check-ins');
    expect(sent!.auth).toBe('Bearer fbk_token');
    expect(sent!.body).toEqual({
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      method: 'code',
      code: ADA_CODE,
    });
    // A tap goes back to scanning.
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('Welcome, Ada!')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Scanned code'));
  });

  it('says a second scan within the minute counted once', async () => {
    network({
      'GET /api/kiosk/me': json(me),
      'GET /api/kiosk/roster': json(list),
      'POST /api/kiosk/check-ins': json({ ...welcomeAda(), session: null, duplicate: true }),
    });
    renderKiosk();
    await screen.findByRole('heading', { name: 'Studio Zen' });
    scan(ADA_CODE);
    expect(await screen.findByText("You're already checked in")).toBeTruthy();
  });

  it('tells the member why they were refused, or that they were not found', async () => {
    const net = network({
      'GET /api/kiosk/me': json(me),
      'GET /api/kiosk/roster': json(list),
      'POST /api/kiosk/check-ins': apiError(409, 'payment_past_due', 'server text'),
    });
    renderKiosk();
    await screen.findByRole('heading', { name: 'Studio Zen' });
    scan('some-code');
    expect(await screen.findByText(KIOSK_REFUSALS.payment_past_due)).toBeTruthy();

    net.answers['POST /api/kiosk/check-ins'] = apiError(404, 'kiosk_member_not_found');
    scan('unknown-code');
    expect(await screen.findByText(KIOSK_NOT_FOUND_MESSAGE)).toBeTruthy();
    // Refusals are never queued.
    expect(await store.queueSize()).toBe(0);
  });

  it('checks in by the last digits of the phone and a PIN on the keypad', async () => {
    const net = network({
      'GET /api/kiosk/me': json(me),
      'GET /api/kiosk/roster': json(list),
      'POST /api/kiosk/check-ins': json({ ...welcomeAda(), session: null }),
    });
    renderKiosk();
    await screen.findByRole('heading', { name: 'Studio Zen' });
    fireEvent.click(screen.getByRole('button', { name: 'Use my PIN' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Last 4 digits of your phone'));
    for (const digit of '1234') fireEvent.click(screen.getByRole('button', { name: digit }));
    // Four digits move on to the PIN.
    expect(document.activeElement).toBe(screen.getByLabelText('PIN'));
    for (const digit of '2469') fireEvent.click(screen.getByRole('button', { name: digit }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // The physical keyboard types into the same field.
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));

    expect(await screen.findByText("You're checked in")).toBeTruthy();
    expect(net.bodyOf('POST /api/kiosk/check-ins')[0]!.body).toMatchObject({
      method: 'pin',
      phoneDigits: '1234',
      pin: '2468',
    });
  });

  it('asks for the member number when the studio identifies members by number', async () => {
    const byNumber = { ...me, settings: { ...me.settings, identifyBy: 'member_number' as const } };
    await store.writeDevice({ token: 'fbk_token', me: byNumber });
    const net = network({
      'GET /api/kiosk/me': json(byNumber),
      'GET /api/kiosk/roster': json(list),
      'POST /api/kiosk/check-ins': json({ ...welcomeAda(), session: null }),
    });
    renderKiosk();
    await screen.findByRole('heading', { name: 'Studio Zen' });
    expect(screen.queryByRole('button', { name: 'Use my PIN' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Member number' }));
    fireEvent.click(screen.getByRole('button', { name: '4' }));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Welcome, Ada!')).toBeTruthy();
    expect(net.bodyOf('POST /api/kiosk/check-ins')[0]!.body).toMatchObject({
      method: 'number',
      memberNumber: 42,
    });
  });
});

describe('an unpaired kiosk', () => {
  beforeEach(paired);

  it('stops at its next request, forgets its token and list, and offers to pair again', async () => {
    network({
      'GET /api/kiosk/me': json(me),
      'GET /api/kiosk/roster': json(list),
      'POST /api/kiosk/check-ins': apiError(401, 'kiosk_unpaired', 'Unpaired'),
    });
    renderKiosk();
    await screen.findByRole('heading', { name: 'Studio Zen' });
    scan(ADA_CODE);
    expect(await screen.findByRole('heading', { name: KIOSK_UNPAIRED_MESSAGE })).toBeTruthy();
    expect(screen.getByLabelText('Pairing code')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pair kiosk' })).toBeTruthy();
    expect(await store.readDevice()).toBeNull();
    expect(await store.readRoster()).toBeNull();
  });
});

describe('offline', () => {
  beforeEach(paired);

  it('checks in against the kept list, queues it, and sends it when back online', async () => {
    // The server answers the kiosk's opening, then goes: the check-in fails as a lost network does.
    const net = network({ 'GET /api/kiosk/me': json(me), 'GET /api/kiosk/roster': json(list) });
    const runtime = renderKiosk();
    await screen.findByRole('heading', { name: 'Studio Zen' });
    // The opening's refresh has ended (its success must not come after the failure below).
    await act(() => runtime.refresh());
    delete net.answers['GET /api/kiosk/me'];
    delete net.answers['GET /api/kiosk/roster'];
    scan(ADA_CODE);

    expect(await screen.findByText('Welcome, Ada!')).toBeTruthy();
    expect(screen.getByText(`Checked in to Yoga at ${yogaTime()}`)).toBeTruthy();
    expect(screen.getByText('Offline: check-ins are kept on this kiosk')).toBeTruthy();
    expect(screen.getByText('1 check-in waiting to be sent')).toBeTruthy();
    const [queued] = await store.queued(10);
    // The same client id as the attempt online: had the server recorded it, it counts once.
    const [attempt] = net.bodyOf('POST /api/kiosk/check-ins');
    expect(queued).toEqual({
      clientId: (attempt!.body as { clientId: string }).clientId,
      memberNumber: 1,
      sessionId: list.sessions[0]!.id,
      checkedInAt: expect.any(String),
    });

    // Until a retry reaches the server, the next member is decided here at once, not after a
    // request that times out.
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    scan(GRACE_CODE);
    expect(await screen.findByText('Welcome, Grace!')).toBeTruthy();
    expect(net.bodyOf('POST /api/kiosk/check-ins')).toHaveLength(1);
    expect(screen.getByText('2 check-ins waiting to be sent')).toBeTruthy();

    // Back online: the queue goes, and leaves the kiosk once the server answered it.
    net.answers['POST /api/kiosk/check-ins/sync'] = (body) =>
      json({
        results: (body as { checkIns: Array<{ clientId: string }> }).checkIns.map((c) => ({
          clientId: c.clientId,
          outcome: 'recorded',
          code: null,
        })),
      });
    net.answers['GET /api/kiosk/me'] = json(me);
    net.answers['GET /api/kiosk/roster'] = json(list);
    window.dispatchEvent(new Event('online'));
    await waitFor(() =>
      expect(screen.queryByText('Offline: check-ins are kept on this kiosk')).toBeNull(),
    );
    const [sync] = net.bodyOf('POST /api/kiosk/check-ins/sync');
    expect((sync!.body as { checkIns: unknown[] }).checkIns).toEqual([
      queued,
      expect.objectContaining({ memberNumber: 2 }),
    ]);
    expect(await store.queueSize()).toBe(0);
  });

  it('refuses offline by the kept state, and counts a second scan within the minute once', async () => {
    online = false;
    const net = network({});
    renderKiosk();
    await screen.findByRole('heading', { name: 'Studio Zen' });
    expect(screen.getByText('Offline: check-ins are kept on this kiosk')).toBeTruthy();
    scan('late-payer-code-000000');
    expect(await screen.findByText(KIOSK_REFUSALS.payment_past_due)).toBeTruthy();
    scan(GRACE_CODE);
    expect(await screen.findByText('Welcome, Grace!')).toBeTruthy();
    scan(GRACE_CODE);
    expect(await screen.findByText("You're already checked in")).toBeTruthy();
    scan('nobody-has-this-code');
    expect(await screen.findByText(KIOSK_NOT_FOUND_MESSAGE)).toBeTruthy();
    expect(await store.queueSize()).toBe(1);
    // Without a network the kiosk does not even try the server.
    expect(net.calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it('opens again offline with what it kept, its queue included', async () => {
    await store.recordOffline(
      {
        clientId: crypto.randomUUID(),
        memberNumber: 2,
        sessionId: null,
        checkedInAt: new Date().toISOString(),
      },
      list,
    );
    online = false;
    network({});
    renderKiosk();
    expect(await screen.findByRole('heading', { name: 'Studio Zen' })).toBeTruthy();
    expect(screen.getByText('1 check-in waiting to be sent')).toBeTruthy();
    expect(screen.getByText(/Yoga/)).toBeTruthy();
  });
});
