import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { ApiError } from './api-error';
import { apiClient, unwrap } from './client';

// A studio that requires two-factor authentication refuses a person without it: the client
// sends them to Settings › Security (branching on the code, never on the message).

const api = mockApi();

function answer(status: number, body: unknown) {
  api.use(http.get('/api/services', () => Response.json(body, { status })));
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('two_factor_required', () => {
  it('goes to Settings › Security with the reason, and the call still fails as usual', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/members',
      assign,
    });
    answer(403, { error: { code: 'two_factor_required', message: 'Turn it on' } });
    const failure = await apiClient
      .GET('/api/services')
      .then(unwrap)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('two_factor_required');
    expect(assign).toHaveBeenCalledWith('/settings?tab=security&reason=two-factor-required');
  });

  it('stays put for any other refusal, and on the settings page itself', async () => {
    const assign = vi.fn();
    const location = vi.spyOn(window, 'location', 'get');
    location.mockReturnValue({ ...window.location, pathname: '/members', assign });
    answer(403, { error: { code: 'forbidden', message: 'No' } });
    await apiClient.GET('/api/services');
    location.mockReturnValue({ ...window.location, pathname: '/settings', assign });
    answer(403, { error: { code: 'two_factor_required', message: 'Turn it on' } });
    await apiClient.GET('/api/services');
    expect(assign).not.toHaveBeenCalled();
  });
});
