import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { requestBackup } from '../db/backup-control.ts';
import { writeEmbeddedBackup } from '../db/backup-embedded.ts';
import { newBackupPath } from '../db/backup-files.ts';
import { dumpPostgres } from '../db/backup-postgres.ts';
import { EmbeddedDatabaseBusyError } from '../db/embedded-lock.ts';
import { describeDatabase, loadCliConfig } from './configured-database.ts';
import { EXIT_FAILURE, errorMessage } from './exit-codes.ts';

/**
 * `npm run backup`: one backup of the configured database into BACKUP_DIR, its path printed
 * (docs/operations.md#backups-and-restore). PostgreSQL: `pg_dump -Fc`. The embedded database:
 * its data folder's copy, written by the server that holds it when one runs (asked over the
 * data folder's control socket), else by this command, which holds the folder meanwhile.
 */
async function main(): Promise<void> {
  const config = loadCliConfig();
  let file: string;
  if (config.databaseUrl) {
    file = newBackupPath(config.backupDir, 'postgres');
    // Behind a transaction pooler pg_dump's session settings could land on another connection:
    // it talks to PostgreSQL itself (DATABASE_DIRECT_URL, ADR 0036).
    await dumpPostgres(config.databaseDirectUrl ?? config.databaseUrl, file);
  } else {
    // Opening a folder without a database would make a new, empty one and back that up.
    if (!existsSync(path.join(config.dataDir, 'pgdata'))) {
      throw new Error(`No embedded database in ${config.dataDir} (FITBASE_DATA_DIR)`);
    }
    let database;
    try {
      database = await openDatabase({ dataDir: config.dataDir });
    } catch (error) {
      if (!(error instanceof EmbeddedDatabaseBusyError)) throw error;
      database = undefined;
    }
    if (database) {
      try {
        await database.migrate();
        file = await writeEmbeddedBackup(database, config.backupDir);
      } finally {
        await database.close();
      }
    } else {
      file = await requestBackup(config.dataDir, config.backupDir);
    }
  }
  console.error(`Backed up ${describeDatabase(config)}:`);
  console.log(file);
}

main().catch((error: unknown) => {
  console.error(`Error: ${errorMessage(error)}`);
  process.exitCode = EXIT_FAILURE;
});
