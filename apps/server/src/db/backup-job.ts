import type { Deps } from '../http/types.ts';
import type { Logger } from '../lib/logger.ts';
import { defineJob, noPayload } from '../jobs/define-job.ts';
import { writeEmbeddedBackup } from './backup-embedded.ts';
import { pruneBackups } from './backup-files.ts';

/**
 * The embedded database's scheduled backup (BACKUP_SCHEDULE, daily at 03:00 UTC by default,
 * keeping BACKUP_KEEP = 7; docs/decisions/0035-backups.md): a single-machine studio is covered
 * without thinking. Not scheduled on PostgreSQL, whose operator backs up the cluster (pgBackRest,
 * docs/operations.md).
 */
export const backupJob = defineJob('backup.create', noPayload);

export async function runScheduledBackup(deps: Deps, log: Logger): Promise<void> {
  const { database, config } = deps;
  if (database.kind !== 'pglite') return;
  const started = Date.now();
  const file = await writeEmbeddedBackup(database, config.backupDir);
  const removed = pruneBackups(config.backupDir, 'pglite', config.backupKeep);
  log.info({ file, ms: Date.now() - started, removed }, 'scheduled backup written');
}
