import type { Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open. Node's default (5 s) is shorter than the
 * idle time of the clients and proxies in front of us (browsers and undici reuse a connection
 * for longer; load balancers keep theirs 60 s): a client that reuses a connection at the moment
 * the server closes it gets ECONNRESET on a request that never reached us. The server must be
 * the side that waits longer.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Applies the timeouts above; headers must be allowed to take longer than the idle wait. */
export function applyServerTimeouts(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
