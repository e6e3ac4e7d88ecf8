// The few parts of autocannon (no bundled types) that bench:api uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
  }
  interface Result {
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): void;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
