/**
 * OpenTelemetry traces (docs/operations.md#traces), loaded before the server:
 * `node --import ./apps/server/dist/tracing.js apps/server/dist/main.js` (scripts/start.mjs
 * passes it). Off unless the standard variables ask for it (OTEL_TRACES_EXPORTER other than
 * `none`, or an OTLP endpoint; OTEL_SDK_DISABLED=true wins); then the SDK is loaded and every
 * other OTEL_* variable (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_TRACES_SAMPLER,
 * OTEL_BSP_*, ...) applies as the SDK documents. Off, this file loads nothing else: no hook,
 * no SDK, nothing on the request path.
 *
 * The instrumentations patch modules as CommonJS `require` loads them (require-in-the-middle):
 * `http`'s Server.prototype.emit (each request's server span, continuing its `traceparent`),
 * pg's Client.prototype.query (a span per statement, only inside a request's or a job's trace)
 * and the pino factory (trace_id, span_id and trace_flags in every log line written inside a
 * span). So they are required here, once the SDK runs, and the server uses those same modules:
 * pg and pino are left out of the server's bundle (build.mjs), pg's prototypes are patched in
 * place, and lib/logger.ts takes pino through `require` too.
 */
import { createRequire } from 'node:module';

export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = env.OTEL_TRACES_EXPORTER?.split(',').map((name) => name.trim());
  if (exporters?.some(Boolean)) return exporters.some((name) => name && name !== 'none');
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

async function startTracing(): Promise<void> {
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { PinoInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-pino'),
    ]);
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME names the service when set; else "fitbase" rather than unknown_service.
    serviceName: process.env.OTEL_SERVICE_NAME ? undefined : 'fitbase',
    instrumentations: [
      new HttpInstrumentation(),
      // Not the job queue's polling (every 2 s per queue) outside any job: only statements of a
      // request or a job, which have a parent span.
      new PgInstrumentation({ requireParentSpan: true }),
      new PinoInstrumentation(),
    ],
  });
  sdk.start();
  const require = createRequire(import.meta.url);
  for (const name of ['http', 'pg', 'pino']) require(name);
  // A process that ends by itself sends the spans still in the batch; the server's stop exits
  // at once (http/graceful-shutdown.ts), so up to OTEL_BSP_SCHEDULE_DELAY (5 s) of the last
  // spans may be lost then.
  process.once('beforeExit', () => void sdk.shutdown());
}

if (tracingEnabled()) await startTracing();
