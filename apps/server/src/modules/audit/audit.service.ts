import {
  AUDIT_TABLE_LABELS,
  type AuditEntry,
  type AuditFilterQuery,
  type AuditQuery,
} from '@fitbase/domain/contracts/audit';
import { AUDIT_ACTION_LABELS } from '@fitbase/domain/contracts/audit';
import { stringify } from 'csv-stringify';
import { neutraliseFormula } from '../../lib/csv-cell.ts';
import { decodeCursor, INVALID_CURSOR_MESSAGE, toPage } from '../../db/keyset.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { StudioScope } from '../../http/types.ts';
import { AppError } from '../../lib/errors.ts';
import {
  selectAuditPage,
  selectStaffPeople,
  type AuditFilter,
  type AuditRow,
} from './audit.queries.ts';

type Json = Record<string, unknown> | null;

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actorUserId: row.actorUserId,
    actorName: row.actorName,
    actorIp: row.actorIp,
    action: row.action,
    entity: row.tableName,
    recordId: row.recordId,
    before: row.before as Json,
    after: row.after as Json,
  };
}

/** The audit log's ids are bigserial numbers, not the uuids or text ids keyset.ts knows. */
function auditCursor(value: string | undefined) {
  const cursor = decodeCursor(value, 'text');
  if (cursor && !/^\d{1,19}$/.test(cursor.id))
    throw new AppError('validation_error', INVALID_CURSOR_MESSAGE, {
      cursor: INVALID_CURSOR_MESSAGE,
    });
  return cursor;
}

function filterOf(query: AuditFilterQuery): AuditFilter {
  if (query.from && query.to && query.from > query.to)
    throw new AppError('validation_error', 'The start date must be on or before the end date', {
      from: 'The start date must be on or before the end date',
    });
  return {
    actorUserId: query.actorUserId,
    entity: query.entity,
    action: query.action,
    from: query.from,
    to: query.to,
  };
}

export async function listAuditLog(scope: StudioScope, query: AuditQuery) {
  const limit = query.limit;
  const rows = await selectAuditPage(
    scope.db,
    scope.organizationId,
    filterOf(query),
    auditCursor(query.cursor),
    limit,
  );
  return toPage(rows, limit, toEntry);
}

export async function listAuditPeople(scope: StudioScope) {
  const rows = await selectStaffPeople(scope.db, scope.organizationId);
  return { people: rows.map((row) => ({ userId: row.userId, name: row.name ?? '' })) };
}

const EXPORT_PAGE = 1000;
const CSV_HEADER = ['When (UTC)', 'Who', 'IP', 'Action', 'Area', 'Record', 'Before', 'After'];

function csvRow(entry: AuditEntry): string[] {
  const cells = [
    entry.createdAt,
    entry.actorName ?? entry.actorUserId ?? '',
    entry.actorIp ?? '',
    AUDIT_ACTION_LABELS[entry.action],
    AUDIT_TABLE_LABELS[entry.entity as keyof typeof AUDIT_TABLE_LABELS] ?? entry.entity,
    entry.recordId ?? '',
    entry.before ? JSON.stringify(entry.before) : '',
    entry.after ? JSON.stringify(entry.after) : '',
  ];
  return cells.map(neutraliseFormula);
}

/**
 * The CSV of the same filter, page by page as the client reads it: each page is its own short
 * studio transaction (row-level security as for the list), so memory stays flat and no
 * transaction is held open while the browser downloads.
 */
export function exportAuditLog(scope: StudioScope, query: AuditFilterQuery) {
  const filter = filterOf(query);
  const csv = stringify({ header: true, columns: CSV_HEADER });
  let cursor: string | undefined;
  const pump = async () => {
    for (;;) {
      const page = await runInStudio(scope.db, scope.organizationId, async (tx) =>
        toPage(
          await selectAuditPage(tx, scope.organizationId, filter, auditCursor(cursor), EXPORT_PAGE),
          EXPORT_PAGE,
          toEntry,
        ),
      );
      for (const entry of page.items) {
        if (!csv.write(csvRow(entry))) await new Promise((resolve) => csv.once('drain', resolve));
      }
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    csv.end();
  };
  pump().catch((error: Error) => csv.destroy(error));
  return csv;
}
