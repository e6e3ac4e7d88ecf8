import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, loadConfig } from './env.ts';

const SECRET = 'a-production-secret-of-at-least-32-chars';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fitbase-env-'));
});
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** loadConfig with only the given variables, the development secret kept in a temporary folder. */
const load = (env: NodeJS.ProcessEnv = {}) => loadConfig({ FITBASE_DATA_DIR: dataDir, ...env });

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const config = load();
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir,
      smtpUrl: undefined,
      mailFrom: 'FitBase <no-reply@fitbase.local>',
      logLevel: 'info',
      isProduction: false,
    });
  });

  it('derives APP_URL from PORT, and trims a trailing slash from a given one', () => {
    expect(load({ PORT: '4100' })).toMatchObject({ port: 4100, appUrl: 'http://localhost:4100' });
    expect(load({ APP_URL: 'https://gym.example/', AUTH_SECRET: SECRET }).appUrl).toBe(
      'https://gym.example',
    );
  });

  it("leaves the inbound SMTP listener off by default; reply addresses use APP_URL's host", () => {
    expect(load()).toMatchObject({ inboundSmtpPort: undefined, inboundMailDomain: 'localhost' });
    expect(
      load({
        INBOUND_SMTP_PORT: '2525',
        APP_URL: 'https://gym.example',
        AUTH_SECRET: SECRET,
        INBOUND_MAIL_DOMAIN: '',
      }),
    ).toMatchObject({ inboundSmtpPort: 2525, inboundMailDomain: 'gym.example' });
    expect(() => load({ INBOUND_SMTP_PORT: 'x' })).toThrow(/INBOUND_SMTP_PORT/);
  });

  it('treats empty variables as unset', () => {
    const config = load({ PORT: '', APP_URL: '', DATABASE_URL: '  ', SMTP_URL: '' });
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it('resolves a relative data folder against the repository root', () => {
    const config = loadConfig({
      FITBASE_DATA_DIR: path.relative(REPO_ROOT, dataDir),
      AUTH_SECRET: SECRET,
    });
    expect(config.dataDir).toBe(dataDir);
  });

  it('generates the development secret once, in the data folder, readable only by its owner', () => {
    const first = load().authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(load().authSecret).toBe(first);
    const file = path.join(dataDir, 'auth-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(load({ AUTH_SECRET: SECRET }).authSecret).toBe(SECRET);
  });

  it('requires AUTH_SECRET in production, naming it', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(
      /AUTH_SECRET is required when NODE_ENV=production/,
    );
    const config = load({ NODE_ENV: 'production', AUTH_SECRET: SECRET });
    expect(config).toMatchObject({ isProduction: true, authSecret: SECRET });
  });

  it('explains each invalid value', () => {
    expect(() => load({ DATABASE_URL: 'mysql://root@localhost/gym' })).toThrow(
      /DATABASE_URL: DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//,
    );
    expect(load({ DATABASE_URL: 'postgresql://u@h/db' }).databaseUrl).toBe('postgresql://u@h/db');
    expect(() => load({ AUTH_SECRET: 'short' })).toThrow(
      /AUTH_SECRET must be at least 32 characters/,
    );
    expect(() => load({ APP_URL: 'localhost:3000' })).toThrow(/APP_URL must be a URL/);
    expect(() => load({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => load({ SMTP_URL: 'mail.example:25' })).toThrow(
      /SMTP_URL must start with smtp:\/\//,
    );
    expect(() => load({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('lists every problem at once', () => {
    expect(() => load({ DATABASE_URL: 'mysql://x', PORT: '-1' })).toThrow(
      /Invalid configuration:\n.*PORT.*\n.*DATABASE_URL|Invalid configuration:\n.*DATABASE_URL.*\n.*PORT/,
    );
  });
});

describe('operations configuration (docs/operations.md)', () => {
  it('requires AUTH_SECRET whenever APP_URL is not a loopback address', () => {
    for (const url of ['https://gym.example', 'http://10.0.0.5:3000', 'http://[2001:db8::1]:3000'])
      expect(() => load({ APP_URL: url }), url).toThrow(/AUTH_SECRET is required when APP_URL/);
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:4000', 'http://[::1]:3000'])
      expect(load({ APP_URL: url }).authSecret, url).toHaveLength(43);
    expect(load({ APP_URL: 'https://gym.example', AUTH_SECRET: SECRET }).authSecret).toBe(SECRET);
  });

  it('reads trusted proxies, pool sizes, the drain delay and the metrics endpoint', () => {
    expect(load()).toMatchObject({
      trustedProxies: [],
      dbPoolMax: 10,
      dbReadPoolMax: 10,
      shutdownDrainMs: 5000,
      metricsToken: undefined,
      metricsPort: undefined,
    });
    const config = load({
      TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.7 ::1,fd00::/8',
      DB_POOL_MAX: '4',
      DB_READ_POOL_MAX: '3',
      SHUTDOWN_DRAIN_MS: '0',
      METRICS_TOKEN: 'a-metrics-token-of-32-characters',
      METRICS_PORT: '9464',
    });
    expect(config).toMatchObject({
      trustedProxies: ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8'],
      dbPoolMax: 4,
      dbReadPoolMax: 3,
      shutdownDrainMs: 0,
      metricsToken: 'a-metrics-token-of-32-characters',
      metricsPort: 9464,
    });
    for (const bad of ['10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1', '::1/129'])
      expect(() => load({ TRUSTED_PROXIES: bad }), bad).toThrow(/TRUSTED_PROXIES/);
    expect(() => load({ DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX/);
    expect(() => load({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
