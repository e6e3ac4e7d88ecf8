import { currencyMinorUnits } from '@fitbase/domain/studio-format';
import { IMPORT_ERRORS_KEPT } from '@fitbase/domain/contracts/data-import';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { runInStudio } from '../../context/run-in-studio.ts';
import { studioFormat } from '../../context/studio-format.ts';
import { dataImports } from '../../db/schema/settings.ts';
import type { Deps } from '../../http/types.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { IMPORT_BATCH_SIZE, processBatch, type BatchContext } from './data-import-batch.ts';
import { parseCsv, rowReader } from './data-import-rows.ts';
import type { importJobSchema } from './data-import.jobs.ts';
import * as q from './data-import.queries.ts';

/**
 * The `data.import` job: the file's rows in batches, each batch one transaction that inserts
 * its rows, records them for undo and advances the progress together. A retried job resumes
 * after the last committed batch, and rows already there are skipped, so nothing is created
 * twice. No audit actor is set: the import itself is the record of who added these rows.
 */
export async function runImportJob(
  deps: Pick<Deps, 'database'>,
  job: z.output<typeof importJobSchema>,
): Promise<void> {
  const { organizationId, importId } = job;
  const db = deps.database.db;
  const start = await runInStudio(db, organizationId, async (tx) => {
    const row = await q.findImport(tx, organizationId, importId, { forUpdate: true });
    if (!row || (row.status !== 'queued' && row.status !== 'running')) return null;
    if (row.status === 'queued')
      await q.updateImport(tx, organizationId, importId, { status: 'running' });
    return row;
  });
  if (!start) return;
  try {
    const file = parseCsv(start.fileText);
    const { currency } = await studioFormat(db, organizationId);
    const read = rowReader(
      start.kind,
      file.headers,
      start.mapping,
      start.dateFormat,
      currencyMinorUnits(currency),
    );
    const seen = new Set<string>();
    const errors = [...start.errors];
    for (let i = start.processedRows; i < file.rows.length; i += IMPORT_BATCH_SIZE) {
      const rows = file.rows.slice(i, i + IMPORT_BATCH_SIZE);
      await runInStudio(db, organizationId, async (tx, unit) => {
        const studio = await q.lockStudioForImport(tx, organizationId);
        if (!studio) throw new Error('The studio no longer exists');
        const ctx: BatchContext = {
          organizationId,
          work: unit,
          kind: start.kind,
          read,
          studio,
          importId,
          createdBy: start.createdBy,
          seen,
          pendingMembers: 0,
        };
        const out = await processBatch(tx, ctx, rows);
        errors.push(...out.errors.slice(0, IMPORT_ERRORS_KEPT - errors.length));
        await q.updateImport(tx, organizationId, importId, {
          processedRows: i + rows.length,
          createdCount: sql`${dataImports.createdCount} + ${out.created}`,
          skippedCount: sql`${dataImports.skippedCount} + ${out.skipped}`,
          errorCount: sql`${dataImports.errorCount} + ${out.errors.length}`,
          errors,
        });
        publishChange(unit, {
          organizationId,
          entity: 'data',
          action: 'updated',
          ids: [importId],
        });
      });
    }
    await finish(deps, organizationId, importId, 'completed');
  } catch (error) {
    await finish(deps, organizationId, importId, 'failed');
    throw error;
  }
}

async function finish(
  deps: Pick<Deps, 'database'>,
  organizationId: string,
  importId: string,
  status: 'completed' | 'failed',
) {
  await runInStudio(deps.database.db, organizationId, async (tx, unit) => {
    await q.updateImport(tx, organizationId, importId, { status, completedAt: new Date() });
    for (const entity of ['data', 'members', 'leads'] as const) {
      publishChange(unit, { organizationId, entity, action: 'updated', ids: [importId] });
    }
  });
}
