import pino, { type Logger } from 'pino';

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
