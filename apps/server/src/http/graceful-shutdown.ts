import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from '../lib/logger.ts';

/** Containers give 10 s between SIGTERM and SIGKILL by default (Docker, Kubernetes 30 s). */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface GracefulShutdownOptions {
  server: Server;
  logger: Logger;
  /** Runs once no request is in flight (close the database here). */
  onDrained: () => Promise<void>;
  graceMs?: number;
  /**
   * SHUTDOWN_DRAIN_MS: after the signal, keep serving this long while readiness answers 503
   * (`onDraining`), so a load balancer takes the process out before it stops accepting. Not
   * on SIGINT: Ctrl+C in a terminal has no balancer to wait for.
   */
  drainMs?: number;
  /** Called at the signal, before the drain delay (readiness turns 503). */
  onDraining?: () => void;
  /** Process exit, replaceable in tests. */
  exit?: (code: number) => void;
  /** Signals that start the shutdown; tests pass none and call the returned function. */
  signals?: NodeJS.Signals[];
}

/**
 * Stops the HTTP server on SIGINT/SIGTERM without cutting anyone off: readiness turns 503 and
 * the server keeps serving for the drain delay (a balancer's probes see it); then stop
 * accepting, end the server-sent event streams (browsers reconnect, to another process if
 * there is one), let in-flight requests finish, then `onDrained` (close the database) and exit
 * 0. Whatever is still running after the grace period is cut and the process exits 1.
 */
export function handleShutdownSignals(options: GracefulShutdownOptions): () => Promise<void> {
  const { server, logger, onDrained, graceMs = SHUTDOWN_GRACE_MS, drainMs = 0 } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const open = new Set<ServerResponse>();
  const eventStreams = new WeakSet<ServerResponse>();
  let stopping: Promise<void> | undefined;

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    // EventSource always asks for this type (the response's own headers are written in one
    // writeHead call by the Hono adapter, so they cannot be read back).
    if (request.headers.accept?.includes('text/event-stream')) eventStreams.add(response);
    // A request that arrives on a kept-alive connection during shutdown is answered, and its
    // connection is not kept: the client's next request goes to a live process.
    if (stopping) response.setHeader('connection', 'close');
    open.add(response);
    response.on('close', () => {
      open.delete(response);
      if (stopping) server.closeIdleConnections();
    });
  });

  const stop = (signal: string): Promise<void> => {
    // A terminal's Ctrl+C reaches both `npm start` (which forwards it) and this process:
    // the second signal must not cut the shutdown short.
    stopping ??= (async () => {
      options.onDraining?.();
      if (drainMs > 0 && signal !== 'SIGINT') {
        // Still accepting and answering; each answer closes its connection meanwhile, so
        // clients open their next one where the balancer sends them.
        logger.info({ signal, drainMs }, 'Draining: readiness answers 503, still serving');
        await new Promise((resolve) => setTimeout(resolve, drainMs));
      }
      logger.info({ signal, inFlight: open.size }, 'Shutting down: finishing in-flight requests');
      const force = setTimeout(() => {
        logger.error(
          { inFlight: open.size },
          `Requests still running after ${graceMs} ms: exiting`,
        );
        server.closeAllConnections();
        exit(1);
      }, graceMs);
      force.unref();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      for (const response of open) if (eventStreams.has(response)) response.end();
      await closed;
      try {
        await onDrained();
      } catch (error) {
        logger.error({ err: error }, 'Shutdown: closing failed');
        clearTimeout(force);
        return exit(1);
      }
      clearTimeout(force);
      logger.info('Stopped');
      exit(0);
    })();
    return stopping;
  };
  for (const signal of options.signals ?? ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => void stop(signal));
  }
  return () => stop('manual');
}
