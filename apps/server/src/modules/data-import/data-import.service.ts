import { currencyMinorUnits } from '@fitbase/domain/studio-format';
import type { importRequestSchema } from '@fitbase/domain/contracts/data-import';
import {
  IMPORT_ERRORS_KEPT,
  type DataImport,
  type DryRunResult,
} from '@fitbase/domain/contracts/data-import';
import { IMPORT_MAX_BYTES, IMPORT_UNDO_HOURS } from '@fitbase/domain/settings-constants';
import type { z } from 'zod';
import type { StudioScope } from '../../http/types.ts';
import { hasInvalidText } from '../../http/middleware/request-limits.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { syncMemberStatus } from '../memberships/memberships.service.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { studioFormat } from '../../context/studio-format.ts';
import { IMPORT_BATCH_SIZE, processBatch, type BatchContext } from './data-import-batch.ts';
import { checkMapping, parseCsv, rowReader } from './data-import-rows.ts';
import { importJob } from './data-import.jobs.ts';
import * as q from './data-import.queries.ts';

/** CSV import (docs/product/settings-and-help.md, "Data in and out"): dry run, import, undo. */

type Request = z.output<typeof importRequestSchema>;
type Scope = Pick<StudioScope, 'organizationId' | 'userId' | 'db'>;
/** A write's scope: its job and announcements go with the request's unit of work. */
type WriteScope = Scope & Pick<StudioScope, 'work'>;

export const IMPORT_TOO_LARGE = `The file is too large: imports take CSV files up to ${IMPORT_MAX_BYTES / (1024 * 1024)} MB (IMPORT_MAX_BYTES). Split it into smaller files.`;

function checkFile(input: Request) {
  if (Buffer.byteLength(input.text, 'utf8') > IMPORT_MAX_BYTES)
    throw new AppError('payload_too_large', IMPORT_TOO_LARGE);
  if (hasInvalidText(input.text))
    throw new AppError(
      'validation_error',
      'The file contains characters that are not text (NUL); save it as a UTF-8 CSV.',
    );
  const file = parseCsv(input.text);
  checkMapping(input.kind, file.headers, input.mapping);
  return file;
}

/** PostgreSQL foreign_key_violation, across both drivers. */
function isForeignKeyViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: string }).code === '23503') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function importNotFound(): AppError {
  return notFound('Import');
}

/** Writes nothing: what importing the file would do, row by row. */
export async function dryRunImport(scope: WriteScope, input: Request): Promise<DryRunResult> {
  const file = checkFile(input);
  const studio = await q.lockStudioForImport(scope.db, scope.organizationId);
  if (!studio) throw notFound('Organization');
  const ctx: BatchContext = {
    organizationId: scope.organizationId,
    work: scope.work,
    kind: input.kind,
    read: rowReader(
      input.kind,
      file.headers,
      input.mapping,
      input.dateFormat,
      currencyMinorUnits((await studioFormat(scope.db, scope.organizationId)).currency),
    ),
    studio,
    importId: null,
    createdBy: scope.userId,
    seen: new Set(),
    pendingMembers: 0,
  };
  const result: DryRunResult = {
    totalRows: file.rows.length,
    toCreate: 0,
    skipped: 0,
    errorCount: 0,
    errors: [],
  };
  for (let i = 0; i < file.rows.length; i += IMPORT_BATCH_SIZE) {
    const out = await processBatch(scope.db, ctx, file.rows.slice(i, i + IMPORT_BATCH_SIZE));
    result.toCreate += out.created;
    result.skipped += out.skipped;
    result.errorCount += out.errors.length;
    result.errors.push(...out.errors.slice(0, IMPORT_ERRORS_KEPT - result.errors.length));
  }
  return result;
}

/** Keeps the file with its mapping and queues the job, in the request's transaction. */
export async function startImport(scope: WriteScope, input: Request): Promise<DataImport> {
  const file = checkFile(input);
  const row = await q.insertImport(scope.db, {
    organizationId: scope.organizationId,
    kind: input.kind,
    fileName: input.fileName,
    fileText: input.text,
    mapping: input.mapping,
    dateFormat: input.dateFormat,
    totalRows: file.rows.length,
    createdBy: scope.userId,
  });
  await enqueueJob(scope.work, importJob, {
    organizationId: scope.organizationId,
    importId: row.id,
  });
  publishChange(scope.work, {
    organizationId: scope.organizationId,
    entity: 'data',
    action: 'created',
    ids: [row.id],
  });
  return serializeImport(row, await q.findCreatorName(scope.db, scope.userId));
}

function undoUntil(row: Pick<q.ImportRow, 'status' | 'completedAt'>): Date | null {
  if (!row.completedAt || (row.status !== 'completed' && row.status !== 'failed')) return null;
  return new Date(row.completedAt.getTime() + IMPORT_UNDO_HOURS * 3_600_000);
}

export function serializeImport(
  row: Omit<q.ImportRow, 'fileText'>,
  createdByName: string | null,
): DataImport {
  const until = undoUntil(row);
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    dateFormat: row.dateFormat,
    status: row.status,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    createdCount: row.createdCount,
    skippedCount: row.skippedCount,
    errorCount: row.errorCount,
    errors: row.errors,
    createdByName,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoUntil: until?.toISOString() ?? null,
  };
}

export async function listImports(scope: Scope): Promise<DataImport[]> {
  const rows = await q.listImports(scope.db, scope.organizationId);
  return rows.map(({ createdByName, ...row }) => serializeImport(row, createdByName));
}

export async function getImport(scope: Scope, id: string): Promise<DataImport> {
  const row = await q.findImport(scope.db, scope.organizationId, id);
  if (!row) throw importNotFound();
  return serializeImport(row, await q.findCreatorName(scope.db, row.createdBy));
}

/**
 * Removes exactly what the import created, in one transaction: visits and memberships first,
 * then leads and the lead sources it added, then its members (with anything attached to them).
 */
export async function undoImport(
  scope: WriteScope,
  id: string,
  now = new Date(),
): Promise<DataImport> {
  const row = await q.findImport(scope.db, scope.organizationId, id, { forUpdate: true });
  if (!row) throw importNotFound();
  if (row.status === 'undone') throw conflict('This import was already undone.');
  const until = undoUntil(row);
  if (!until) throw conflict('This import is still running: undo it once it has finished.');
  if (now > until)
    throw new AppError(
      'undo_expired',
      `An import can be undone for ${IMPORT_UNDO_HOURS} hours after it finished; this one finished on ${row.completedAt!.toISOString().slice(0, 10)}.`,
    );
  try {
    await scope.db.transaction(async (sp) => {
      const withMemberships = await q.importedMembershipMembers(sp, scope.organizationId, id);
      for (const table of [
        'member_visits',
        'memberships',
        'leads',
        'lead_sources',
        'members',
      ] as const) {
        await q.deleteImported(sp, scope.organizationId, id, table);
      }
      // Members kept (not created by this import) lose the imported memberships: their status
      // follows from the memberships left.
      const kept = await q.existingMembers(sp, scope.organizationId, withMemberships);
      for (const memberId of kept)
        await syncMemberStatus(sp, scope.work, scope.organizationId, memberId);
    });
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw conflict(
        'Some imported records are now used elsewhere (for example by payments or orders), so the import cannot be undone as a whole.',
      );
    throw error;
  }
  await q.updateImport(scope.db, scope.organizationId, id, { status: 'undone', undoneAt: now });
  for (const entity of ['data', 'members', 'leads'] as const) {
    publishChange(scope.work, {
      organizationId: scope.organizationId,
      entity,
      action: 'deleted',
      ids: [id],
    });
  }
  return getImport(scope, id);
}
