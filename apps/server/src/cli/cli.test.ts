import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestAppOn, openTestDatabase, signUp } from '../../test/test-app.ts';
import { openDatabase, PGLITE_EXTENSIONS, type Database } from '../db/client.ts';
import { userRoles } from '../db/schema/platform.ts';
import { REPO_ROOT } from '../env.ts';

const TSX_CLI = path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');
const CLI = 'apps/server/src/cli/cli.ts';

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI in its own process, as `npm run cli -- …` does. */
function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  // DATABASE_URL is set empty, not removed, so a developer's .env cannot point the CLI elsewhere.
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    ...env,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX_CLI, CLI, ...args], {
      cwd: REPO_ROOT,
      env: childEnv,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A new embedded data folder. When the run's migrated PGlite snapshot exists, the folder
 * starts from it (openDatabase keeps its files in `pgdata`), sparing a slow initdb.
 */
async function newDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fitbase-cli-'));
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    const loadDataDir = new Blob([readFileSync(target.snapshot)]);
    const client = await PGlite.create(path.join(dataDir, 'pgdata'), {
      loadDataDir,
      extensions: PGLITE_EXTENSIONS,
    });
    await client.close();
  }
  return dataDir;
}

async function platformRoleRow(database: Database, userId: string) {
  const [row] = await database.db.select().from(userRoles).where(eq(userRoles.userId, userId));
  return row;
}

// Each case starts a Node process; give them room on a busy machine.
describe('npm run cli -- set-platform-role (embedded database)', { timeout: 60_000 }, () => {
  let dataDir: string;
  let person: { email: string; userId: string };
  const env = () => ({ FITBASE_DATA_DIR: dataDir });

  beforeAll(async () => {
    dataDir = await newDataDir();
    const database = await openDatabase({ dataDir });
    await database.migrate();
    const t = createTestAppOn(database, () => database.close());
    try {
      person = await signUp(t.app, { email: `cli.person-${Date.now()}@example.com` });
    } finally {
      // The embedded database admits one process: release it before the CLI runs.
      await t.close();
    }
  });
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses an unknown role or a wrong argument count with the usage and exit code 2', async () => {
    const [unknownRole, missingRole, unknownCommand] = await Promise.all([
      runCli(['set-platform-role', person.email, 'superuser'], env()),
      runCli(['set-platform-role', person.email], env()),
      runCli(['make-me-owner', person.email, 'owner'], env()),
    ]);
    expect(unknownRole.code).toBe(2);
    expect(unknownRole.stderr).toContain('Unknown role "superuser"');
    expect(unknownRole.stderr).toContain('Usage: npm run cli -- ');
    expect(unknownRole.stderr).toContain('set-platform-role <email> <user|admin|owner>');

    expect(missingRole.code).toBe(2);
    expect(missingRole.stderr).toContain('Usage:');

    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toContain('Unknown command "make-me-owner"');
  });

  it('says so and exits 1 for an unknown email', async () => {
    const result = await runCli(['set-platform-role', 'nobody@example.com', 'owner'], env());
    expect(result.stderr).toContain('No user with email nobody@example.com');
    expect(result.code).toBe(1);
  });

  it('sets the role, matching the email without regard to case, and releases the database', async () => {
    const result = await runCli(['set-platform-role', person.email.toUpperCase(), 'owner'], env());
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(`Set platform role of ${person.email} to owner`);
    expect(result.code).toBe(0);
    expect(existsSync(path.join(dataDir, 'fitbase.pid'))).toBe(false);

    const database = await openDatabase({ dataDir });
    try {
      const row = await platformRoleRow(database, person.userId);
      expect(row).toMatchObject({ role: 'owner', assignedBy: null });
    } finally {
      await database.close();
    }
  });

  it('refuses, touching nothing, while another process holds the embedded database', async () => {
    const held = await openDatabase({ dataDir });
    try {
      const result = await runCli(['set-platform-role', person.email, 'user'], env());
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain(`is in use by another FitBase process (pid ${process.pid})`);
      expect(result.stdout).not.toContain('Set platform role');
      const row = await platformRoleRow(held, person.userId);
      expect(row?.role).toBe('owner');
    } finally {
      await held.close();
    }
  });
});

describe.runIf(inject('testDatabase').kind === 'postgres')(
  'npm run cli -- set-platform-role (PostgreSQL)',
  { timeout: 60_000 },
  () => {
    it('sets the role in the database DATABASE_URL names, replacing an earlier one', async () => {
      const { database, url, drop } = await openTestDatabase();
      const t = createTestAppOn(database, drop);
      try {
        const person = await signUp(t.app);
        const env = { DATABASE_URL: url ?? '' };
        expect((await runCli(['set-platform-role', person.email, 'admin'], env)).code).toBe(0);
        expect((await platformRoleRow(database, person.userId))?.role).toBe('admin');
        const result = await runCli(['set-platform-role', person.email, 'owner'], env);
        expect(result.stdout).toContain(`Set platform role of ${person.email} to owner`);
        expect(result.code).toBe(0);
        expect((await platformRoleRow(database, person.userId))?.role).toBe('owner');
      } finally {
        await t.close();
      }
    });
  },
);
