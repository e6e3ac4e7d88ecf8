import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createDeps, openConfiguredDatabase } from './bootstrap.ts';
import { startBackupControl } from './db/backup-control.ts';
import { REPO_ROOT, loadConfig, loadDotEnv } from './env.ts';
import { handleShutdownSignals } from './http/graceful-shutdown.ts';
import { metricsApp } from './http/metrics-route.ts';
import { readinessOf } from './http/readiness.ts';
import { applyServerTimeouts } from './http/server-timeouts.ts';
import { JOB_HANDLERS } from './jobs/job-handlers.ts';
import { startJobRunner } from './jobs/job-queue.ts';
import { createLogger } from './lib/logger.ts';
import { startInboundMail } from './modules/inbound-mail/inbound-mail.service.ts';
import { startReceiptEmailer } from './modules/receipts/receipts-emailer.ts';
import { startWebhookDispatcher } from './modules/webhooks/webhooks-dispatch.service.ts';

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openConfiguredDatabase(config, logger);
  const deps = createDeps(config, database, { logger });
  await database.migrate();
  // Background work (docs/decisions/0013-job-queue.md): one runner per server process.
  const jobs = await startJobRunner(deps, JOB_HANDLERS);
  const readiness = readinessOf(deps);
  readiness.watchJobs(() => jobs.running());
  // `npm run backup` asks this process for the embedded database's copy (ADR 0035).
  const backupControl =
    database.kind === 'pglite'
      ? await startBackupControl(database, config.dataDir, logger)
      : undefined;
  // Webhooks: dispatched as soon as the capture trigger's NOTIFY arrives (ADR 0034).
  const webhooks = await startWebhookDispatcher(deps, jobs);
  // Receipt emails: queued at the receipt trigger's NOTIFY (ADR 0039).
  const receiptEmails = await startReceiptEmailer(deps, jobs);
  // Two-way messaging's MX: only when INBOUND_SMTP_PORT is set (README, Configuration).
  const inboundMail =
    config.inboundSmtpPort === undefined ? undefined : await startInboundMail(deps);
  const webDistDir = path.join(REPO_ROOT, 'apps/web/dist');
  // A web build in progress empties dist/ first: serve the API rather than fail to start.
  const webBuilt = existsSync(path.join(webDistDir, 'index.html'));
  if (!webBuilt) logger.warn('No web build in apps/web/dist (npm run build): serving the API only');
  const app = createApp(deps, { webDistDir: webBuilt ? webDistDir : undefined });
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    logger.info(
      {
        port: info.port,
        database: database.kind,
        dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
      },
      `FitBase is serving ${config.appUrl} (database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    );
  });
  applyServerTimeouts(server as Server);
  // METRICS_PORT: /metrics on a port of its own (e.g. reachable from the monitoring network
  // only), still behind METRICS_TOKEN.
  const metricsServer =
    config.metricsToken && config.metricsPort !== undefined
      ? serve({ fetch: metricsApp(config.metricsToken).fetch, port: config.metricsPort }, (info) =>
          logger.info({ port: info.port }, 'Metrics are served at /metrics on their own port'),
        )
      : undefined;
  handleShutdownSignals({
    server: server as Server,
    logger,
    // SIGTERM: /api/ready answers 503 at once and requests are still served this long.
    drainMs: config.shutdownDrainMs,
    onDraining: () => readiness.drain(),
    // After the last request: nothing can use the database any more (PGlite's lock is freed).
    onDrained: async () => {
      metricsServer?.close();
      await inboundMail?.close();
      await webhooks.stop();
      await receiptEmails.stop();
      await backupControl?.close();
      await jobs.stop();
      await database.close();
    },
  });
}

main().catch((error: unknown) => {
  // Configuration may be what failed: the log level is not known, so this line is always shown.
  const message = error instanceof Error ? error.message : String(error);
  createLogger('info').fatal({ err: error }, `FitBase could not start: ${message}`);
  process.exit(1);
});
