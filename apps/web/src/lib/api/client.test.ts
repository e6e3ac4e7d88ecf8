import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { ApiError } from './api-error';
import { apiClient, ORGANIZATION_HEADER, unwrap } from './client';
import { getTabOrganizationId, setTabOrganizationId } from './current-organization';

const api = mockApi();
/** The requests the client sent, as the server receives them. */
let received: Request[] = [];

function answer(method: 'get' | 'post', path: string, status: number, body: unknown) {
  api.use(
    http[method](path, ({ request }) => {
      received.push(request);
      return Response.json(body, { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

afterEach(() => {
  received = [];
  setTabOrganizationId(null);
});

describe('API client', () => {
  it("names the tab's organization on every call and sends the session cookie", async () => {
    answer('get', '/api/services', 200, { services: [] });
    setTabOrganizationId('org-a');
    await apiClient.GET('/api/services');
    const request = received[0]!;
    expect(request.headers.get(ORGANIZATION_HEADER)).toBe('org-a');
    expect(request.credentials).toBe('include');
    expect(sessionStorage.getItem('fitbase.organization-id')).toBe('org-a');
  });

  it('sends no organization header before the tab has one', async () => {
    answer('get', '/api/services', 200, { services: [] });
    expect(getTabOrganizationId()).toBeNull();
    await apiClient.GET('/api/services');
    const request = received[0]!;
    expect(request.headers.has(ORGANIZATION_HEADER)).toBe(false);
  });

  it('turns an error answer into an ApiError with its code, status and fields', async () => {
    answer('post', '/api/services', 400, {
      error: { code: 'validation_error', message: 'Bad', fields: { name: 'Required' } },
    });
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
