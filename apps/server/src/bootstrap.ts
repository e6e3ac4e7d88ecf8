import { createAuth } from './auth/auth.ts';
import { createMemberAuth } from './auth/member-auth.ts';
import { openDatabase, type Database } from './db/client.ts';
import type { Config } from './env.ts';
import type { Deps } from './http/types.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';

/**
 * Opens whichever database the configuration selects: PostgreSQL if DATABASE_URL (pools of
 * DB_POOL_MAX and DB_READ_POOL_MAX connections), else PGlite.
 */
export function openConfiguredDatabase(
  config: Config,
  logger: Logger = createLogger(config.logLevel),
): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({
        databaseUrl: config.databaseUrl,
        poolMax: config.dbPoolMax,
        readPoolMax: config.dbReadPoolMax,
        directUrl: config.databaseDirectUrl,
        logger,
      })
    : openDatabase({ dataDir: config.dataDir });
}

export function createDeps(
  config: Config,
  database: Database,
  overrides: { logger?: Logger; mailer?: Mailer } = {},
): Deps {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const mailer =
    overrides.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  const auth = createAuth({ config, db: database.db, mailer, logger });
  const memberAuth = createMemberAuth({ config, db: database.db, mailer, logger });
  return { config, database, auth, memberAuth, mailer, logger };
}
