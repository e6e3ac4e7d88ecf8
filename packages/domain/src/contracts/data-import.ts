import { z } from 'zod';
import { IMPORT_DATE_FORMATS, IMPORT_KINDS, IMPORT_STATUSES } from '../settings-constants.ts';

/** CSV import (docs/product/settings-and-help.md, "Data in and out"). */

/** The file travels as text in JSON; the server refuses text over IMPORT_MAX_BYTES (UTF-8). */
export const importRequestSchema = z.object({
  kind: z.enum(IMPORT_KINDS, 'Choose members, memberships, visits or leads'),
  fileName: z
    .string('Name the file')
    .trim()
    .min(1, 'Name the file')
    .max(255, 'The file name is at most 255 characters'),
  text: z.string('Attach the CSV file').min(1, 'The file is empty'),
  /** FitBase field key → the CSV column header that fills it. */
  mapping: z.record(z.string().max(100), z.string().max(500)),
  dateFormat: z.enum(IMPORT_DATE_FORMATS, 'Choose a date format'),
});
export type ImportRequest = z.input<typeof importRequestSchema>;

export const importRowErrorSchema = z.object({
  /** The row in the file: the header is row 1. */
  row: z.number().int(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** At most this many row problems are returned by a dry run and kept with an import. */
export const IMPORT_ERRORS_KEPT = 500;

export const dryRunResultSchema = z.object({
  totalRows: z.number().int(),
  toCreate: z.number().int(),
  /** Already in the studio (matched by email, or the same visit or membership) or repeated in the file. */
  skipped: z.number().int(),
  errorCount: z.number().int(),
  /** The first IMPORT_ERRORS_KEPT problems, in file order. */
  errors: z.array(importRowErrorSchema),
});
export type DryRunResult = z.infer<typeof dryRunResultSchema>;

export const dataImportSchema = z.object({
  id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  dateFormat: z.enum(IMPORT_DATE_FORMATS),
  status: z.enum(IMPORT_STATUSES),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  createdCount: z.number().int(),
  skippedCount: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(importRowErrorSchema),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  /** Until when Undo is offered (completion + 24 h); null while running or once undone. */
  undoUntil: z.string().nullable(),
});
export type DataImport = z.infer<typeof dataImportSchema>;

export const dataImportListSchema = z.object({ imports: z.array(dataImportSchema) });
export type DataImportList = z.infer<typeof dataImportListSchema>;
