import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, me, renderPortal, studio, stubFetch } from '../test/render-portal';

const SENT = 'If this email belongs to a member of Studio Zen, a code is on its way.';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('portal sign-in', () => {
  it('sends a code, then signs in with it and opens the schedule', async () => {
    const fetchMock = stubFetch({
      'GET /api/m/zen': { body: studio },
      'GET /api/m/zen/me': () => apiError(401, 'unauthorized', 'Sign in first.'),
      'POST /api/m/zen/send-code': { body: { message: SENT } },
      'POST /api/m/zen/sign-in': { body: me },
      'GET /api/m/zen/schedule': {
        body: { timeZone: studio.timeZone, from: '2025-12-08', to: '2025-12-14', sessions: [] },
      },
    });
    const { router } = renderPortal('/m/zen');

    expect(await screen.findByRole('heading', { name: 'Sign in to Studio Zen' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText(SENT)).toBeTruthy();
    const sendCall = fetchMock.mock.calls.find(([url]) => url === '/api/m/zen/send-code');
    expect(JSON.parse(String(sendCall?.[1]?.body))).toEqual({ email: 'ada@example.com' });
    expect(sendCall?.[1]?.credentials).toBe('same-origin');

    const code = screen.getByLabelText('Code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Schedule' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/m/zen/schedule');
    const signInCall = fetchMock.mock.calls.find(([url]) => url === '/api/m/zen/sign-in');
    expect(JSON.parse(String(signInCall?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      code: '123456',
    });
  });

  it('shows a refused code beside the Code field, and goes back to the email step', async () => {
    stubFetch({
      'GET /api/m/zen': { body: studio },
      'GET /api/m/zen/me': () => apiError(401, 'unauthorized', 'Sign in first.'),
      'POST /api/m/zen/send-code': { body: { message: SENT } },
      'POST /api/m/zen/sign-in': () =>
        apiError(400, 'invalid_code', 'This code is not right. Check the email and try again.'),
    });
    renderPortal('/m/zen');

    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const message = await screen.findByText(
      'This code is not right. Check the email and try again.',
    );
    const code = screen.getByLabelText('Code');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toBe(message.id);

    fireEvent.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.queryByLabelText('Code')).toBeNull();
  });

  it('checks the code before sending it', async () => {
    const fetchMock = stubFetch({
      'GET /api/m/zen': { body: studio },
      'GET /api/m/zen/me': () => apiError(401, 'unauthorized', 'Sign in first.'),
      'POST /api/m/zen/send-code': { body: { message: SENT } },
    });
    renderPortal('/m/zen');
    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6-digit code from the email')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/m/zen/sign-in')).toBe(false);
  });

  it('signs in from the email link, or shows why not', async () => {
    stubFetch({
      'GET /api/m/zen': { body: studio },
      'POST /api/m/zen/sign-in': () =>
        apiError(400, 'code_expired', 'This code has expired. Ask for a new one.'),
    });
    renderPortal('/m/zen/sign-in?email=ada%40example.com&code=654321');
    expect(await screen.findByText('This code has expired. Ask for a new one.')).toBeTruthy();
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('654321');
    expect(screen.getByRole('heading', { name: 'Sign in to Studio Zen' })).toBeTruthy();
  });

  it('says so when the studio does not exist', async () => {
    stubFetch({
      'GET /api/m/nope': () => apiError(404, 'not_found', 'Not found'),
      'GET /api/m/nope/me': () => apiError(404, 'not_found', 'Not found'),
    });
    renderPortal('/m/nope');
    expect(await screen.findByRole('heading', { name: 'Studio not found' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Email')).toBeNull());
  });
});
