import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  call,
  createOwner,
  createTestApp,
  createTestAppOn,
  openTestDatabase,
  type TestContext,
} from '../../test/test-app.ts';
import { withDatabase } from '../../test/global-setup.ts';
import { REPO_ROOT } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { startJobRunner } from '../jobs/job-queue.ts';
import { startBackupControl } from './backup-control.ts';
import { newBackupPath, pruneBackups } from './backup-files.ts';
import { runScheduledBackup } from './backup-job.ts';
import { openDatabase, PGLITE_EXTENSIONS } from './client.ts';

// `npm run backup` and `npm run restore` (docs/decisions/0035-backups.md), run as the operator
// runs them, in their own processes, while the app holds the database: the restored database
// has every table's rows and its people sign in.

const TSX_CLI = path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');
const PASSWORD = 'correct-horse-battery';
const target = inject('testDatabase');
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function runCommand(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [TSX_CLI, `apps/server/src/cli/${script}.ts`, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

type Query = (text: string) => Promise<{ rows: unknown[] }>;

/** Rows of every table of the app's schemas (the job queue's included). */
async function tableCounts(query: Query): Promise<Record<string, number>> {
  const tables = (await query(
    `select schemaname || '.' || tablename as name from pg_tables
     where schemaname in ('public', 'drizzle', 'pgboss') order by 1`,
  )) as { rows: Array<{ name: string }> };
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const [schema, table] = name.split('.');
    const counted = (await query(`select count(*)::int as n from "${schema}"."${table}"`)) as {
      rows: Array<{ n: number }>;
    };
    counts[name] = counted.rows[0]!.n;
  }
  return counts;
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A studio with an owner and a few members, made through the API. */
async function fillStudio(t: TestContext) {
  const owner = await createOwner(t.app);
  for (const n of [1, 2, 3]) {
    const res = await call(t.app, 'POST', '/api/members', {
      cookie: owner.cookie,
      body: { firstName: `Member${n}`, lastName: 'Restored', email: `m${n}.restored@example.com` },
    });
    expect(res.status).toBe(201);
  }
  return owner;
}

/** Signs the owner in on the restored database and reads the studio's members. */
async function signInAndRead(t: TestContext, email: string) {
  const signIn = await call(t.app, 'POST', '/api/auth/sign-in/email', {
    body: { email, password: PASSWORD },
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const members = await call(t.app, 'GET', '/api/members', { cookie });
  expect(members.status).toBe(200);
  expect(JSON.stringify(members.body)).toContain('Member2');
}

// Each command is a Node process of its own (2 to 5 s each on a busy 2-core machine).
describe.runIf(target.kind === 'pglite')(
  'backup and restore, embedded database',
  { timeout: 120_000 },
  () => {
    it('copies the database a running server holds, restores it into a new folder with the same rows, and its owner signs in', async () => {
      const dataDir = tempDir('fitbase-backup-src-');
      const backupDir = path.join(dataDir, 'backups');
      // The run's migrated snapshot, as the server's data folder (spares an initdb).
      const snapshot = new Blob([readFileSync((target as { snapshot: string }).snapshot)]);
      await (
        await PGlite.create(path.join(dataDir, 'pgdata'), {
          loadDataDir: snapshot,
          extensions: PGLITE_EXTENSIONS,
        })
      ).close();
      // The "server": holds the folder (its lock) and answers backup requests, as main.ts does.
      const database = await openDatabase({ dataDir });
      const t = createTestAppOn(database, () => database.close());
      const control = await startBackupControl(database, dataDir, createLogger('silent'));
      cleanups.push(async () => {
        await control.close();
        await t.close();
      });
      const owner = await fillStudio(t);

      // Requests keep being served while the copy is made.
      const started = Date.now();
      const backup = runCommand('backup', [], { FITBASE_DATA_DIR: dataDir });
      let done = false;
      void backup.finally(() => (done = true));
      let served = 0;
      while (!done) {
        expect((await call(t.app, 'GET', '/api/members', { cookie: owner.cookie })).status).toBe(
          200,
        );
        served += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const made = await backup;
      expect(made.stderr).toContain('Backed up the embedded database');
      expect(made.code).toBe(0);
      const file = made.stdout.trim();
      expect(path.dirname(file)).toBe(backupDir);
      expect(path.basename(file)).toMatch(/^fitbase-\d{8}-\d{6}\.tar\.gz$/);
      expect(served).toBeGreaterThan(0);
      console.info(`embedded backup: ${Date.now() - started} ms (process start included)`);
      const before = await tableCounts((text) => database.executeSql(text, []));

      // The server's folder is not restored into while it runs; a new folder is.
      const restoredDir = tempDir('fitbase-backup-dst-');
      const [busy, restored] = await Promise.all([
        runCommand('restore', [file], { FITBASE_DATA_DIR: dataDir }),
        runCommand('restore', [file], { FITBASE_DATA_DIR: restoredDir }),
      ]);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain('in use by another FitBase process');
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toContain('1 studio.');
      expect(restored.code).toBe(0);

      // A second restore would replace that studio: refused without --force.
      const refused = await runCommand('restore', [file], { FITBASE_DATA_DIR: restoredDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('already holds 1 studio');
      const forced = await runCommand('restore', [file, '--force'], {
        FITBASE_DATA_DIR: restoredDir,
      });
      expect(forced.code).toBe(0);
      expect(forced.stdout).toContain('The database it replaced was moved to');

      const copy = await openDatabase({ dataDir: restoredDir });
      const after = createTestAppOn(copy, () => copy.close());
      try {
        expect(await tableCounts((text) => copy.executeSql(text, []))).toEqual(before);
        await signInAndRead(after, owner.email);
      } finally {
        await after.close();
      }
    });
  },
);

describe.runIf(target.kind === 'postgres')(
  'backup and restore, PostgreSQL',
  { timeout: 120_000 },
  () => {
    it('dumps the database the app uses, restores it into an empty database under another role with the same rows, and its owner signs in', async () => {
      const source = await openTestDatabase();
      const t = createTestAppOn(source.database, source.drop);
      cleanups.push(() => t.close());
      const owner = await fillStudio(t);
      const backupDir = tempDir('fitbase-backup-pg-');

      const made = await runCommand('backup', [], {
        DATABASE_URL: source.url!,
        BACKUP_DIR: backupDir,
      });
      expect(made.code).toBe(0);
      const file = made.stdout.trim();
      expect(path.dirname(file)).toBe(backupDir);
      expect(path.basename(file)).toMatch(/^fitbase-\d{8}-\d{6}\.dump$/);
      const before = await tableCounts((text) => source.database.executeSql(text, []));

      // Another cluster's application role: a login without superuser or CREATEROLE, owning an
      // empty database; its administrator granted it the two FitBase roles (ADR 0035).
      const adminUrl = (target as { url: string }).url;
      const role = `fitbase_r_${randomBytes(4).toString('hex')}`;
      const name = `fitbase_restored_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.query(`DROP ROLE IF EXISTS ${role}`);
        await admin.end();
      });
      await admin.query(`CREATE ROLE ${role} LOGIN`);
      await admin.query(`CREATE DATABASE ${name} OWNER ${role}`);
      await admin.query(`GRANT fitbase_app, fitbase_system TO ${role}`);
      const restoredUrl = (() => {
        const u = new URL(withDatabase(adminUrl, name));
        u.username = role;
        u.password = '';
        return u.toString();
      })();

      const restored = await runCommand('restore', [file], { DATABASE_URL: restoredUrl });
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain('1 studio.');
      const refused = await runCommand('restore', [file], { DATABASE_URL: restoredUrl });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('already holds 1 studio');

      const copy = await openDatabase({ databaseUrl: restoredUrl });
      const after = createTestAppOn(copy, () => copy.close());
      try {
        // Counted as the new role: row-level security is forced, so its policies must admit it.
        expect(await tableCounts((text) => copy.executeSql(text, []))).toEqual(before);
        const owners = await copy.executeSql(
          `select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner <> current_user`,
        );
        expect(owners.rows[0]).toEqual({ n: 0 });
        await signInAndRead(after, owner.email);
      } finally {
        await after.close();
      }
      expect(existsSync(file)).toBe(true);
    });
  },
);

describe('backup files and the schedule', () => {
  it('names files by UTC time, never reuses a name, and keeps the newest N of a kind', () => {
    const dir = tempDir('fitbase-backup-files-');
    const at = new Date('2026-11-29T03:00:05.123Z');
    const first = newBackupPath(dir, 'pglite', at);
    expect(path.basename(first)).toBe('fitbase-20261129-030005.tar.gz');
    writeFileSync(first, '');
    expect(path.basename(newBackupPath(dir, 'pglite', at))).toBe(
      'fitbase-20261129-030005-2.tar.gz',
    );
    for (const day of ['25', '26', '27', '28']) {
      writeFileSync(path.join(dir, `fitbase-202611${day}-030000.tar.gz`), '');
    }
    writeFileSync(path.join(dir, 'fitbase-20261101-030000.dump'), '');
    writeFileSync(path.join(dir, 'notes.txt'), '');
    pruneBackups(dir, 'pglite', 2);
    expect(readdirSync(dir).sort()).toEqual([
      'fitbase-20261101-030000.dump',
      'fitbase-20261128-030000.tar.gz',
      'fitbase-20261129-030005.tar.gz',
      'notes.txt',
    ]);
  });

  it("schedules the embedded database's backup (BACKUP_SCHEDULE), never PostgreSQL's, and the job keeps BACKUP_KEEP files", async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const runner = await startJobRunner(
      t.deps,
      { 'backup.create': async () => {} },
      { pollingIntervalSeconds: 60 },
    );
    await runner.stop();
    const { rows } = await t.deps.database.executeSql(
      `select name, cron from pgboss.schedule where name = 'backup.create'`,
      [],
    );
    if (t.deps.database.kind === 'postgres') {
      expect(rows).toEqual([]);
      return;
    }
    expect(rows).toEqual([{ name: 'backup.create', cron: '0 3 * * *' }]);
    const dir = tempDir('fitbase-backup-scheduled-');
    const deps = { ...t.deps, config: { ...t.deps.config, backupDir: dir, backupKeep: 2 } };
    for (let i = 0; i < 3; i++) await runScheduledBackup(deps, createLogger('silent'));
    expect(readdirSync(dir).filter((name) => name.endsWith('.tar.gz'))).toHaveLength(2);
  });
});
