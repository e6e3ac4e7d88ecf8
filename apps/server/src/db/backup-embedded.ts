import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { backupStamp, newBackupPath } from './backup-files.ts';
import { countStudios, RestoreRefusedError } from './backup-postgres.ts';
import { openDatabase, PGLITE_EXTENSIONS, type Database } from './client.ts';
import { acquireEmbeddedLock } from './embedded-lock.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Embedded database backups (docs/decisions/0035-backups.md): the data folder as a gzipped tar
 * (PGlite's `dumpDataDir`, taken by the process that holds the database: the server, through
 * db/backup-control.ts, or the CLI when no server runs), and a restore into a data folder.
 */

/** Writes a backup of the open embedded database into `dir`; returns its path. */
export async function writeEmbeddedBackup(database: Database, dir: string): Promise<string> {
  if (!database.snapshot) throw new Error('Only the embedded database is copied this way');
  const tar = await database.snapshot();
  // Compressed on the thread pool, outside the database's turn.
  const compressed = await gzipAsync(tar, { level: 6 });
  const file = newBackupPath(dir, 'pglite');
  // Written under a temporary name, then renamed: a file with the final name is always whole.
  const partial = `${file}.partial`;
  await writeFile(partial, compressed, { mode: 0o600 });
  await rename(partial, file);
  return file;
}

export interface EmbeddedRestore {
  studios: number;
  /** Where the data folder's previous database was moved (kept until the operator deletes it). */
  replaced?: string;
}

/**
 * Fills the data folder's database from a backup file. The folder must be free (no server
 * running); a database that holds studios is refused unless `force`, and is then moved aside
 * (`pgdata-replaced-<time>`), never deleted. The restored database is migrated to this version.
 */
export async function restoreEmbedded(
  dataDir: string,
  file: string,
  options: { force: boolean },
): Promise<EmbeddedRestore> {
  const release = acquireEmbeddedLock(dataDir);
  try {
    const pgdata = path.join(dataDir, 'pgdata');
    let replaced: string | undefined;
    if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
      const existing = await openDatabase({ dataDir, lock: false });
      let studios: number;
      try {
        studios = await countStudios((text) => existing.executeSql(text, []));
      } finally {
        await existing.close();
      }
      if (studios > 0 && !options.force) throw new RestoreRefusedError(studios);
      replaced = path.join(dataDir, `pgdata-replaced-${backupStamp(new Date())}`);
      renameSync(pgdata, replaced);
    }
    const tar = await gunzipAsync(readFileSync(file));
    let database: Database | undefined;
    try {
      const client = await PGlite.create(pgdata, {
        loadDataDir: new Blob([tar]),
        extensions: PGLITE_EXTENSIONS,
      });
      database = await openDatabase({ pglite: client });
      await database.migrate();
      const studios = await countStudios((text) => database!.executeSql(text, []));
      return { studios, replaced };
    } catch (error) {
      // A half-written folder must not pass for the studio's database: put the old one back.
      await database?.close().catch(() => undefined);
      rmSync(pgdata, { recursive: true, force: true });
      if (replaced) renameSync(replaced, pgdata);
      throw error;
    } finally {
      await database?.close();
    }
  } finally {
    release();
  }
}
