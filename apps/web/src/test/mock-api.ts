import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/** One request the component sent, as the server would have received it. */
export interface SentRequest {
  method: string;
  /** Absolute, on the page's origin (the API client sends absolute URLs). */
  url: string;
  path: string;
  /** The query string: '' or '?…'. */
  query: string;
  /** The JSON body parsed (the text when it is not JSON); undefined when there is none. */
  body: unknown;
  headers: Headers;
}

/** An answer of a route table: the request as sent, the response to give. */
export type Answer = (request: Request) => Response | Promise<Response>;

export interface MockApi {
  /** Answers for this test only, tried before the file's own (cleared after the test). */
  use(...handlers: RequestHandler[]): void;
  /**
   * `use` for a table keyed 'METHOD /path' (MSW's path syntax: `:id` matches a segment; the
   * query string is not part of the key).
   */
  answer(table: Record<string, Answer>): void;
  /** Every request sent during the current test, in order (emptied before each test). */
  readonly requests: SentRequest[];
}

/**
 * The network of a component test file, answered by MSW handlers (`http.get('/api/plans', …)`):
 * call once per file, at its top level, with the answers every test shares; a test adds its own
 * with `use`. A request no handler answers fails at fetch (as a network error would) and fails
 * the test after it ends, naming the request, so a test can never pass on an answer it did not
 * declare.
 */
export function mockApi(...fileHandlers: RequestHandler[]): MockApi {
  const requests: SentRequest[] = [];
  const unhandled: string[] = [];
  let testHandlers: RequestHandler[] = [];

  // First in line and never answering: it sees every request, body read before any handler runs,
  // so a test's assertions on what was sent never race the recording.
  const recorder = http.all('*', async ({ request }) => {
    const url = new URL(request.url);
    const text =
      request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    requests.push({
      method: request.method,
      url: request.url,
      path: url.pathname,
      query: url.search,
      body,
      headers: new Headers([...request.headers]),
    });
  });

  // Last in line: a request no handler answered. MSW would let it through to the real network
  // (the recorder matched it), so it is refused here as a lost network would, and noted.
  const refuse = http.all('*', ({ request }) => {
    const url = new URL(request.url);
    unhandled.push(`${request.method} ${url.pathname}${url.search}`);
    return HttpResponse.error();
  });

  const server = setupServer();
  const install = () => server.resetHandlers(recorder, ...testHandlers, ...fileHandlers, refuse);

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    requests.length = 0;
    unhandled.length = 0;
    testHandlers = [];
    install();
  });
  afterEach(() => {
    if (unhandled.length > 0)
      throw new Error(`No handler answered: ${unhandled.splice(0).join(', ')}`);
  });
  afterAll(() => server.close());

  const add = (...handlers: RequestHandler[]) => {
    testHandlers = [...handlers, ...testHandlers];
    install();
  };
  return {
    use: add,
    answer(table) {
      add(
        ...Object.entries(table).map(([key, answer]) => {
          const [method, path] = key.split(' ') as [string, string];
          return http[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](
            path,
            ({ request }) => answer(request),
          );
        }),
      );
    },
    requests,
  };
}
