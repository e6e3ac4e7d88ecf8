// The few parts of autocannon (no bundled types) that bench:api and bench:schedule use.
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
  }
  interface Options {
    url: string;
    connections: number;
    duration?: number;
    /** A fixed number of requests instead of a duration. */
    amount?: number;
    headers?: Record<string, string>;
    /** Called before each request: answers the request to send. */
    requests?: Array<{ setupRequest: (request: Request) => Request }>;
  }
  interface Result {
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (
        client: { resData?: Array<{ body?: string }> },
        status: number,
        bytes: number,
        ms: number,
      ) => void,
    ): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
