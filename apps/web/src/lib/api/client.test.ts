import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { apiClient, ORGANIZATION_HEADER, unwrap } from './client';
import { getTabOrganizationId, setTabOrganizationId } from './current-organization';

function answer(status: number, body: unknown) {
  return vi.fn(async (_request: Request) =>
    Response.json(body, { status, headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setTabOrganizationId(null);
});

describe('API client', () => {
  it("names the tab's organization on every call and sends the session cookie", async () => {
    const fetch = answer(200, { services: [] });
    vi.stubGlobal('fetch', fetch);
    setTabOrganizationId('org-a');
    await apiClient.GET('/api/services');
    const request = fetch.mock.calls[0]![0];
    expect(request.headers.get(ORGANIZATION_HEADER)).toBe('org-a');
    expect(request.credentials).toBe('include');
    expect(sessionStorage.getItem('fitbase.organization-id')).toBe('org-a');
  });

  it('sends no organization header before the tab has one', async () => {
    const fetch = answer(200, { services: [] });
    vi.stubGlobal('fetch', fetch);
    expect(getTabOrganizationId()).toBeNull();
    await apiClient.GET('/api/services');
    expect(fetch.mock.calls[0]![0].headers.has(ORGANIZATION_HEADER)).toBe(false);
  });

  it('turns an error answer into an ApiError with its code, status and fields', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        error: { code: 'validation_error', message: 'Bad', fields: { name: 'Required' } },
      }),
    );
    const failure = await apiClient
      .POST('/api/services', { body: { name: '' } })
      .then(unwrap)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      code: 'validation_error',
      status: 400,
      fields: { name: 'Required' },
    });
  });

  it('gives a non-JSON failure (a proxy error page) a generic code', () => {
    const response = new Response('<html>Bad gateway</html>', { status: 502 });
    expect(() => unwrap({ error: '<html>Bad gateway</html>', response })).toThrow(
      expect.objectContaining({ code: 'internal_error', status: 502 }),
    );
  });
});
