import { memberInputSchema } from '@fitbase/domain/contracts/members';
import { leadInputSchema } from '@fitbase/domain/contracts/leads';
import type { VISIT_IMPORT_TYPES } from '@fitbase/domain/import-fields';
import { IMPORT_FIELDS, type ImportField } from '@fitbase/domain/import-fields';
import {
  missingRequiredFields,
  parseImportAmount,
  parseImportBoolean,
  parseImportDate,
  parseImportDateTime,
  parseImportEnum,
} from '@fitbase/domain/import-mapping';
import type { LEAD_STATUSES } from '@fitbase/domain/connect-constants';
import type { MEMBERSHIP_STATUSES } from '@fitbase/domain/constants';
import type { MEMBERSHIP_STATES } from '@fitbase/domain/money-constants';
import type { ImportDateFormat, ImportKind } from '@fitbase/domain/settings-constants';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

/**
 * From CSV text to typed rows: parsing (BOM, quoted fields, CRLF) and per-row validation with the
 * same zod rules the app's own forms use. Pure: the dry run and the import job share it.
 */

export interface CsvFile {
  headers: string[];
  /** Data rows with their row number in the file (the header is row 1). */
  rows: Array<{ row: number; cells: string[] }>;
}

export function parseCsv(text: string): CsvFile {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (error) {
    throw new AppError(
      'validation_error',
      `The file is not valid CSV: ${(error as Error).message}. Save it again as CSV (comma-separated, UTF-8) and retry.`,
    );
  }
  const [headers, ...data] = records;
  if (!headers || headers.every((h) => !h.trim()))
    throw new AppError(
      'validation_error',
      'The file has no header row: its first row must name the columns.',
    );
  const rows: CsvFile['rows'] = [];
  data.forEach((cells, i) => {
    // A blank line is no row to import, but it keeps its number so row numbers match the file.
    if (cells.every((c) => !c.trim())) return;
    rows.push({ row: i + 2, cells });
  });
  return { headers: headers.map((h) => h.trim()), rows };
}

/** Refuses a mapping that names unknown fields or columns, or leaves a required field out. */
export function checkMapping(kind: ImportKind, headers: string[], mapping: Record<string, string>) {
  const keys = new Set(IMPORT_FIELDS[kind].map((f) => f.key));
  const fields: Record<string, string> = {};
  for (const [key, header] of Object.entries(mapping)) {
    if (!header) continue;
    if (!keys.has(key)) fields[`mapping.${key}`] = `${key} is not a field of this import`;
    else if (!headers.includes(header))
      fields[`mapping.${key}`] = `The file has no column "${header}"`;
  }
  for (const f of missingRequiredFields(kind, mapping))
    fields[`mapping.${f.key}`] = `Choose the column for ${f.label}`;
  if (Object.keys(fields).length > 0)
    throw new AppError(
      'validation_error',
      'Map every required field to a column of the file.',
      fields,
    );
}

export type RowResult<T> = { ok: true; value: T } | { ok: false; message: string };

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export interface MemberRowValue extends Omit<z.output<typeof memberInputSchema>, 'householdId'> {
  /** An import matches members by email: a row without one is refused (Email is required). */
  email: string;
  membershipStatus: (typeof MEMBERSHIP_STATUSES)[number];
}
export interface MembershipRowValue {
  memberEmail: string;
  planName: string;
  startDate: string;
  endDate: string | null;
  status: (typeof MEMBERSHIP_STATES)[number] | null;
  price: string | null;
}
export interface VisitRowValue {
  memberEmail: string;
  visit: { local: string; offset: string | null };
  visitType: (typeof VISIT_IMPORT_TYPES)[number];
}
export interface LeadRowValue extends Omit<z.output<typeof leadInputSchema>, 'status'> {
  status: (typeof LEAD_STATUSES)[number];
  source: string | null;
}

/** Reads one row's mapped cells into typed values; problems are sentences without the row number. */
export function rowReader(
  kind: ImportKind,
  headers: string[],
  mapping: Record<string, string>,
  format: ImportDateFormat,
  /** The studio currency's decimals: an amount with more is refused, never rounded. */
  minorUnits: number,
) {
  const index = new Map<string, number>();
  for (const f of IMPORT_FIELDS[kind]) {
    const h = mapping[f.key];
    if (h) index.set(f.key, headers.indexOf(h));
  }
  const fields = new Map(IMPORT_FIELDS[kind].map((f) => [f.key, f]));

  return (cells: string[]) => {
    const problems: string[] = [];
    const values: Record<string, unknown> = {};
    for (const [key, i] of index) {
      const f = fields.get(key)!;
      const raw = unescapeFormula((cells[i] ?? '').trim());
      if (!raw) {
        if (f.required) problems.push(`${lower(f.label)} is required`);
        continue;
      }
      const parsed = readValue(f, raw, format, minorUnits);
      if (parsed === null) problems.push(invalidMessage(f, format));
      else values[key] = parsed;
    }
    return { values, problems };
  };
}

/**
 * FitBase's export writes a cell starting with = + - @ (or a tab or CR) behind an apostrophe so
 * a spreadsheet shows it as text; the import takes such a cell back as it was.
 */
export function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

function readValue(
  f: ImportField,
  raw: string,
  format: ImportDateFormat,
  minorUnits: number,
): unknown {
  switch (f.type) {
    case 'date':
      return parseImportDate(raw, format);
    case 'datetime':
      return parseImportDateTime(raw, format);
    case 'enum':
      return parseImportEnum(raw, f.values ?? []);
    case 'boolean':
      return parseImportBoolean(raw);
    case 'number':
      return parseImportAmount(raw, minorUnits);
    case 'email':
      return z.email().safeParse(raw).success ? raw : null;
    default:
      // Text is stored as written, a leading = + - @ included: FitBase never evaluates it, and
      // its CSV export escapes such cells.
      return raw;
  }
}

function invalidMessage(f: ImportField, format: ImportDateFormat): string {
  const name = lower(f.label);
  if (f.type === 'date') return `${name} is not a date in the format ${format}`;
  if (f.type === 'datetime') return `${name} is not a date (${format}) with an optional time`;
  if (f.type === 'enum') return `${name} must be one of ${(f.values ?? []).join(', ')}`;
  if (f.type === 'boolean') return `${name} must be yes or no`;
  if (f.type === 'number') return `${name} is not an amount`;
  return `${name} is not valid`;
}

function zodProblems(error: z.ZodError, kind: ImportKind): string[] {
  const labels = new Map(IMPORT_FIELDS[kind].map((f) => [f.key, lower(f.label)]));
  return error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    if (/^Enter a valid/.test(issue.message)) return `${labels.get(key) ?? key} is not valid`;
    return lower(issue.message);
  });
}

export function toMember(values: Record<string, unknown>): RowResult<MemberRowValue> {
  const { membershipStatus, ...rest } = values;
  // No household from a file: a member without an email (a household's child) is added by hand.
  const { householdId: _household, ...fields } = rest;
  const parsed = memberInputSchema.safeParse({ marketingConsent: false, ...fields });
  if (!parsed.success)
    return { ok: false, message: zodProblems(parsed.error, 'members').join('; ') };
  const { email, householdId: _none, ...data } = parsed.data;
  if (!email) return { ok: false, message: 'Email is required' };
  return {
    ok: true,
    value: {
      ...data,
      email,
      membershipStatus: (membershipStatus as MemberRowValue['membershipStatus']) ?? 'active',
    },
  };
}

export function toLead(values: Record<string, unknown>): RowResult<LeadRowValue> {
  const { source, status, ...rest } = values;
  // The import takes every status, converted included (a lead that became a member elsewhere).
  const parsed = leadInputSchema.safeParse({
    ...rest,
    status: status === 'converted' ? 'new' : status,
  });
  if (!parsed.success) return { ok: false, message: zodProblems(parsed.error, 'leads').join('; ') };
  return {
    ok: true,
    value: {
      ...parsed.data,
      status: (status as LeadRowValue['status']) ?? 'new',
      source: (source as string) ?? null,
    },
  };
}

export function toMembership(values: Record<string, unknown>): RowResult<MembershipRowValue> {
  const v = values as Partial<MembershipRowValue>;
  if (v.endDate && v.startDate && v.endDate < v.startDate)
    return { ok: false, message: 'end date cannot be before the start date' };
  return {
    ok: true,
    value: {
      memberEmail: v.memberEmail!,
      planName: v.planName!,
      startDate: v.startDate!,
      endDate: v.endDate ?? null,
      status: v.status ?? null,
      price: v.price ?? null,
    },
  };
}

export function toVisit(values: Record<string, unknown>): RowResult<VisitRowValue> {
  const v = values as Partial<VisitRowValue> & { visitDate?: VisitRowValue['visit'] };
  return {
    ok: true,
    value: {
      memberEmail: v.memberEmail!,
      visit: v.visitDate!,
      visitType: v.visitType ?? 'check_in',
    },
  };
}
