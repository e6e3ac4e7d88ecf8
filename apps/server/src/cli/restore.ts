import { existsSync, openSync, readSync, closeSync } from 'node:fs';
import path from 'node:path';
import { restoreEmbedded } from '../db/backup-embedded.ts';
import { backupKindOf } from '../db/backup-files.ts';
import { restorePostgres } from '../db/backup-postgres.ts';
import { openDatabase } from '../db/client.ts';
import { describeDatabase, loadCliConfig } from './configured-database.ts';
import { EXIT_FAILURE, EXIT_USAGE, errorMessage } from './exit-codes.ts';

const USAGE = `Usage: npm run restore -- <backup file> [--force]

Fills the configured database (PostgreSQL when DATABASE_URL is set, else the embedded database
in FITBASE_DATA_DIR) from a file of npm run backup: fitbase-*.dump into PostgreSQL, fitbase-*.tar.gz
into the embedded database (stop the server first). A database that already holds studios is
refused unless --force is given.`;

function head(file: string): Uint8Array {
  const buffer = new Uint8Array(8);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, 8, 0);
  } finally {
    closeSync(fd);
  }
  return buffer;
}

/** `npm run restore -- <file> [--force]` (docs/operations.md#backups-and-restore). */
async function main(args: string[]): Promise<number> {
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(USAGE);
    return EXIT_USAGE;
  }
  // npm runs the script in the workspace's folder: a relative path is the caller's.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  if (!existsSync(file)) {
    console.error(`Error: no file ${file}`);
    return EXIT_FAILURE;
  }
  const config = loadCliConfig();
  const kind = backupKindOf(head(file));
  const wanted = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== wanted) {
    console.error(
      `Error: ${file} is ${kind === 'pglite' ? 'an embedded database backup' : kind === 'postgres' ? 'a PostgreSQL backup' : 'not a FitBase backup'}, and the configured database is ${describeDatabase(config)}.`,
    );
    return EXIT_FAILURE;
  }
  let studios: number;
  if (config.databaseUrl) {
    // pg_restore talks to PostgreSQL itself, never through a transaction pooler (ADR 0036).
    await restorePostgres(config.databaseDirectUrl ?? config.databaseUrl, file, { force });
    // Brings a backup of an older version up to this one's schema.
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      directUrl: config.databaseDirectUrl,
    });
    try {
      await database.migrate();
      const counted = await database.executeSql(
        'select count(*)::int as count from organizations',
        [],
      );
      studios = (counted.rows[0] as { count: number }).count;
    } finally {
      await database.close();
    }
  } else {
    const result = await restoreEmbedded(config.dataDir, file, { force });
    studios = result.studios;
    if (result.replaced) console.log(`The database it replaced was moved to ${result.replaced}`);
  }
  console.log(
    `Restored ${describeDatabase(config)} from ${file}: ${studios} studio${studios === 1 ? '' : 's'}.`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(`Error: ${errorMessage(error)}`);
    process.exitCode = EXIT_FAILURE;
  },
);
