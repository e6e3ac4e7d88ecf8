import { API_KEY_RATE_LIMIT } from '@fitbase/domain/contracts/api-keys';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * Repository root: configuration defaults (data folder, built web app) are relative to it.
 * Three levels up from apps/server/src and from apps/server/dist (the compiled bundle) alike.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    APP_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: 'APP_URL must be a URL like http://localhost:3000' })
        .optional(),
    ),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
        .optional(),
    ),
    // Behind a transaction pooler (PgBouncer pool_mode=transaction; docs/operations.md#pgbouncer):
    // DATABASE_URL is the pooler, DATABASE_DIRECT_URL the database itself for LISTEN and the
    // migrations' lock. Setting it turns the transaction-pooling mode on (db/client.ts).
    DATABASE_DIRECT_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^postgres(ql)?:\/\//,
          'DATABASE_DIRECT_URL must start with postgres:// or postgresql://',
        )
        .optional(),
    ),
    FITBASE_DATA_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
    AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    ),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(
      emptyToUndefined,
      z.string().default('FitBase <no-reply@fitbase.local>'),
    ),
    // Two-way messaging (docs/product/connect-and-messaging.md#two-way-messaging): the inbound
    // SMTP listener is off unless a port is set; replies go to reply+{token}@INBOUND_MAIL_DOMAIN.
    INBOUND_SMTP_PORT: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(65535).optional(),
    ),
    INBOUND_MAIL_DOMAIN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9.-]+$/i, 'INBOUND_MAIL_DOMAIN must be a domain name')
        .optional(),
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    // Webhooks (docs/product/integrations.md#webhooks): tests and local development only, lets
    // endpoints be http:// or https:// on 127.0.0.0/8 and ::1 (refused otherwise, as SSRF).
    WEBHOOK_ALLOW_LOOPBACK: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
    // Operations (docs/operations.md): the proxies whose X-Forwarded-For / Forwarded name the
    // client, database pool sizes, the drain delay on SIGTERM, and the Prometheus endpoint.
    TRUSTED_PROXIES: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine(
          (value) => splitList(value).every(isAddressOrCidr),
          'TRUSTED_PROXIES must list IP addresses or CIDR ranges, separated by commas',
        )
        .optional(),
    ),
    DB_POOL_MAX: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(1000).default(10),
    ),
    DB_READ_POOL_MAX: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(1000).default(10),
    ),
    SHUTDOWN_DRAIN_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(600_000).default(5000),
    ),
    // How often each process checks the cron schedules (pg-boss's cronMonitorIntervalSeconds,
    // 1 to 45); whatever it is, a schedule fires once per slot across processes. The
    // several-process test lowers it to make the processes race.
    JOBS_CRON_CHECK_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(45).default(30),
    ),
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    ),
    METRICS_PORT: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(65535).optional(),
    ),
    // Backups (docs/operations.md#backups-and-restore): the folder, and the embedded database's
    // scheduled copy (cron in UTC, or `off`) with how many to keep.
    BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
    BACKUP_SCHEDULE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^(off|\S+ \S+ \S+ \S+ \S+)$/,
          'BACKUP_SCHEDULE must be a cron expression of 5 fields or off',
        )
        .default('0 3 * * *'),
    ),
    BACKUP_KEEP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(7)),
    /** API keys' rate limit (docs/product/integrations.md#api-keys): requests a minute, burst. */
    API_KEY_RATE_PER_MINUTE: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).default(API_KEY_RATE_LIMIT.perMinute),
    ),
    API_KEY_BURST: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).default(API_KEY_RATE_LIMIT.burst),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'AUTH_SECRET is required when NODE_ENV=production',
      });
    } else if (env.APP_URL && !isLoopbackUrl(env.APP_URL) && !env.AUTH_SECRET) {
      // A secret made per machine signs sessions and links no other process can read: behind
      // a load balancer, every request to another process would sign the person out.
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'AUTH_SECRET is required when APP_URL is not a loopback address (localhost)',
      });
    }
  });

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  appUrl: string;
  databaseUrl: string | undefined;
  /** Set when DATABASE_URL is a transaction pooler: the database itself (LISTEN, locks). */
  databaseDirectUrl?: string;
  dataDir: string;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The inbound SMTP listener's port; undefined = off. */
  inboundSmtpPort: number | undefined;
  /** The domain of reply addresses (default: APP_URL's host name). */
  inboundMailDomain: string;
  logLevel: string;
  isProduction: boolean;
  /** Where `npm run backup` and the scheduled backup write (default: backups/ in dataDir). */
  backupDir: string;
  /** Cron (UTC) of the embedded database's scheduled backup; undefined = off. */
  backupSchedule: string | undefined;
  /** How many scheduled backups are kept. */
  backupKeep: number;
  /** WEBHOOK_ALLOW_LOOPBACK=1: webhook endpoints may be on 127.0.0.0/8 and ::1 (tests, local). */
  webhookAllowLoopback?: boolean;
  /** Proxies (addresses, CIDR ranges) whose forwarding headers name the client (http/client-ip.ts). */
  trustedProxies: string[];
  /** PostgreSQL: connections of the main pool and of the read pool, per process. */
  dbPoolMax: number;
  dbReadPoolMax: number;
  /** SIGTERM: how long the server keeps serving while readiness answers 503. */
  shutdownDrainMs: number;
  /** Seconds between each process's checks of the cron schedules. */
  jobsCronCheckSeconds?: number;
  /** The Prometheus endpoint's bearer token; undefined = /metrics answers 404. */
  metricsToken: string | undefined;
  /** Serve /metrics on this port instead of the app's (still with the token). */
  metricsPort: number | undefined;
  /** Each API key's bucket: refilled at `perMinute`, holding at most `burst` requests. */
  apiKeyRateLimit: { perMinute: number; burst: number };
}

/**
 * Reads and validates configuration. The only place that touches process.env.
 * In development the auth secret is generated once and kept in the data folder.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, env.FITBASE_DATA_DIR ?? '.fitbase');
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    appUrl,
    databaseUrl: env.DATABASE_URL,
    databaseDirectUrl: env.DATABASE_DIRECT_URL,
    dataDir,
    authSecret: env.AUTH_SECRET ?? developmentSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    inboundSmtpPort: env.INBOUND_SMTP_PORT,
    inboundMailDomain: env.INBOUND_MAIL_DOMAIN ?? new URL(appUrl).hostname,
    logLevel: env.LOG_LEVEL,
    isProduction: env.NODE_ENV === 'production',
    backupDir: env.BACKUP_DIR
      ? path.resolve(REPO_ROOT, env.BACKUP_DIR)
      : path.join(dataDir, 'backups'),
    backupSchedule: env.BACKUP_SCHEDULE === 'off' ? undefined : env.BACKUP_SCHEDULE,
    backupKeep: env.BACKUP_KEEP,
    webhookAllowLoopback: env.WEBHOOK_ALLOW_LOOPBACK === '1',
    trustedProxies: env.TRUSTED_PROXIES ? splitList(env.TRUSTED_PROXIES) : [],
    dbPoolMax: env.DB_POOL_MAX,
    dbReadPoolMax: env.DB_READ_POOL_MAX,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    jobsCronCheckSeconds: env.JOBS_CRON_CHECK_SECONDS,
    metricsToken: env.METRICS_TOKEN,
    metricsPort: env.METRICS_PORT,
    apiKeyRateLimit: { perMinute: env.API_KEY_RATE_PER_MINUTE, burst: env.API_KEY_BURST },
  };
}

function splitList(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

function isAddressOrCidr(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/** localhost, 127.0.0.0/8 and ::1: reachable from this machine only. */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Loads `.env` from the repository root when present (variables already set win). */
export function loadDotEnv(): void {
  const file = path.join(REPO_ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}
