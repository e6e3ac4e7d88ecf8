import type { DryRunResult } from '@fitbase/domain/contracts/data-import';
import { IMPORT_FIELDS, IMPORT_KIND_LABELS } from '@fitbase/domain/import-fields';
import { autoMapHeaders } from '@fitbase/domain/import-mapping';
import {
  IMPORT_DATE_FORMATS,
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  type ImportDateFormat,
  type ImportKind,
} from '@fitbase/domain/settings-constants';
import Papa from 'papaparse';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { reportError, reportProblem } from '@/lib/report-error';
import { useDryRun, useStartImport } from '../api/imports';
import { ImportProgress } from './import-progress';

const SELECT =
  'border-input bg-background h-9 w-full rounded-md border px-3 text-sm shadow-xs focus-visible:outline-2';

/** Choose kind → upload → map → dry run → import (docs/product/settings-and-help.md). */
export function ImportWizard() {
  const [kind, setKind] = useState<ImportKind>('members');
  const [file, setFile] = useState<{ name: string; text: string; headers: string[] } | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [dateFormat, setDateFormat] = useState<ImportDateFormat>('YYYY-MM-DD');
  const [report, setReport] = useState<DryRunResult | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const dryRun = useDryRun();
  const start = useStartImport();

  const reset = (next: Partial<{ kind: ImportKind }> = {}) => {
    setReport(null);
    setImportId(null);
    if (next.kind) {
      setKind(next.kind);
      if (file) setMapping(autoMapHeaders(next.kind, file.headers));
    }
  };

  async function onFile(f: File | undefined) {
    reset();
    if (!f) return setFile(null);
    if (f.size > IMPORT_MAX_BYTES) {
      reportProblem(
        `The file is too large: imports take CSV files up to ${IMPORT_MAX_BYTES / 1048576} MB.`,
      );
      return setFile(null);
    }
    const text = await f.text();
    // Only the header row is parsed here; the server parses the whole file.
    const headers = (Papa.parse<string[]>(text, { preview: 1 }).data[0] ?? []).map((h) => h.trim());
    setFile({ name: f.name, text, headers });
    setMapping(autoMapHeaders(kind, headers));
  }

  const body = file && { kind, fileName: file.name, text: file.text, mapping, dateFormat };
  const missing = IMPORT_FIELDS[kind].filter((f) => f.required && !mapping[f.key]);

  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="space-y-1">
          <Label htmlFor="import-kind">What to import</Label>
          <select
            id="import-kind"
            className={SELECT}
            value={kind}
            onChange={(e) => reset({ kind: e.target.value as ImportKind })}
          >
            {IMPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {IMPORT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="import-file">CSV file</Label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            className="text-sm"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="import-date-format">Date format in the file</Label>
          <select
            id="import-date-format"
            className={SELECT}
            value={dateFormat}
            onChange={(e) => {
              setDateFormat(e.target.value as ImportDateFormat);
              setReport(null);
            }}
          >
            {IMPORT_DATE_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </div>
      </div>

      {file && (
        <section aria-labelledby="mapping-title" className="space-y-2">
          <h2 id="mapping-title" className="text-lg font-semibold">
            Columns
          </h2>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="py-1">FitBase field</th>
                <th className="py-1">Column of {file.name}</th>
              </tr>
            </thead>
            <tbody>
              {IMPORT_FIELDS[kind].map((f) => (
                <tr key={f.key}>
                  <td className="py-1 pr-4">
                    <label htmlFor={`map-${f.key}`}>
                      {f.label}
                      {f.required && <span aria-label="required"> *</span>}
                    </label>
                  </td>
                  <td className="py-1">
                    <select
                      id={`map-${f.key}`}
                      className={SELECT}
                      value={mapping[f.key] ?? ''}
                      onChange={(e) => {
                        setMapping({ ...mapping, [f.key]: e.target.value });
                        setReport(null);
                      }}
                    >
                      <option value="">Not imported</option>
                      {file.headers.map((h) => (
                        <option key={h} value={h}>
                          {h}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {missing.length > 0 && (
            <p className="text-sm text-destructive">
              Choose a column for {missing.map((f) => f.label).join(', ')}.
            </p>
          )}
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={missing.length > 0 || dryRun.isPending}
              onClick={() =>
                body &&
                dryRun.mutate(body, {
                  onSuccess: setReport,
                  onError: (e) =>
                    reportError(e, { title: null, fallback: 'An unexpected error occurred' }),
                })
              }
            >
              {dryRun.isPending ? 'Checking…' : 'Dry run'}
            </Button>
            <Button
              type="button"
              disabled={!report || start.isPending || importId !== null}
              onClick={() =>
                body &&
                start.mutate(body, {
                  onSuccess: (r) => setImportId(r.id),
                  onError: (e) =>
                    reportError(e, { title: null, fallback: 'An unexpected error occurred' }),
                })
              }
            >
              Import
            </Button>
          </div>
        </section>
      )}

      {report && (
        <section aria-labelledby="report-title" className="space-y-2">
          <h2 id="report-title" className="text-lg font-semibold">
            Dry run report
          </h2>
          <p className="text-sm">
            {report.totalRows} rows: {report.toCreate} to create, {report.skipped} already there
            (skipped), {report.errorCount} with errors.
          </p>
          {report.errors.length > 0 && (
            <ul
              aria-label="Rows with errors"
              className="max-h-64 overflow-auto rounded-md border p-2 text-sm"
            >
              {report.errors.map((e) => (
                <li key={e.row}>
                  row {e.row}: {e.message}
                </li>
              ))}
            </ul>
          )}
          {report.errorCount > report.errors.length && (
            <p className="text-sm text-muted-foreground">
              The first {report.errors.length} problems are shown.
            </p>
          )}
        </section>
      )}

      {importId && <ImportProgress id={importId} />}
    </div>
  );
}
