import { createRequire } from 'node:module';
import type pinoFactory from 'pino';
import type { Logger } from 'pino';

// Through `require`, not `import`: OpenTelemetry's pino instrumentation (src/tracing.ts) wraps
// the factory that `require` returns, which puts the trace id in every log line of a request
// or a job when tracing is on. The server's bundle leaves pino out (build.mjs) for the same reason.
const pino = createRequire(import.meta.url)('pino') as typeof pinoFactory;

export type { Logger };

/** Structured JSON logs; every request log line carries its request id. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'fitbase' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'],
      remove: true,
    },
  });
}
