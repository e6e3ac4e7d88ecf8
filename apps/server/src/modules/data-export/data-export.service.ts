import { PassThrough, type Readable } from 'node:stream';
import type { z } from 'zod';
import yazl from 'yazl';
import type { ExportLink } from '@fitbase/domain/contracts/data-export';
import {
  EXPORT_FILES,
  MEMBER_EXPORT_FILES,
  dataDictionaryCsv,
  type ExportFile,
  type ExportFileName,
} from '@fitbase/domain/export-dictionary';
import { can } from '@fitbase/domain/permissions';
import { EXPORT_LINK_DAYS } from '@fitbase/domain/settings-constants';
import type { OrganizationRole } from '@fitbase/domain/constants';
import { runInStudio } from '../../context/run-in-studio.ts';
import type { Db } from '../../db/client.ts';
import type { Deps, MemberScope, PublicScope, StudioScope } from '../../http/types.ts';
import { OPENAPI_CONFIG } from '../../http/openapi-config.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/errors.ts';
import { signToken, verifyToken } from '../../lib/signed-token.ts';
import { neutraliseFormula } from '../../lib/csv-cell.ts';
import { exportEmailJob, type emailJobSchema } from './data-export.jobs.ts';
import { exportLinkMail } from './data-export.mail.ts';
import * as queries from './data-export.sql.ts';

/**
 * One-click data export (docs/product/settings-and-help.md#data-export): a ZIP of one CSV per
 * area, streamed while it is built. Each table is read in keyset pages of EXPORT_PAGE rows, each
 * page in its own short studio transaction (row-level security as for any studio read), written
 * to the ZIP and then awaited until the client has taken it: memory stays flat at a million
 * members and no connection is held while a slow client downloads.
 */

export const EXPORT_PAGE = 5_000;
const LINK_PURPOSE = 'data-export';
const DAY_MS = 86_400_000;
/**
 * A link the browser follows at once (the Download button) lives minutes, not days: it ends up in
 * the browser's history and downloads, and anyone holding it could download everything.
 */
export const DOWNLOAD_LINK_MINUTES = 15;

export interface ExportStudio {
  name: string;
  slug: string;
}

export interface ExportResult {
  /** The ZIP's bytes as they are produced. */
  stream: Readable;
  fileName: string;
}

/** `fitbase-export-<slug>-<YYYY-MM-DD>.zip` (UTC date). */
export function exportFileName(slug: string, now: Date): string {
  return `fitbase-export-${slug}-${now.toISOString().slice(0, 10)}.zip`;
}

/** The size of the buffers a page's CSV is written into: one deflate job for yazl each. */
const CSV_BLOCK_BYTES = 64 * 1024;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
// Module-level: a regex literal inside a function makes a new RegExp object on every call,
// ~50 bytes of garbage per cell here.
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV cell as csv-stringify wrote it before (and as the data dictionary does): quoted when
 * it holds a comma, quote or line break, quotes doubled.
 */
function csvCell(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A page's CSV, written straight into CSV_BLOCK_BYTES buffers. Measured on bench:export (1M
 * members): the export was slow because csv-stringify emits a chunk per record and yazl
 * deflates every chunk as its own job on the thread pool (a million round trips, the event loop
 * mostly idle). Whole buffers make ~20 deflate jobs per 5,000 members, and only bytes outside
 * the JS heap wait for a slow client.
 */
class CsvBlocks {
  readonly blocks: Buffer[] = [];
  private block = Buffer.allocUnsafe(CSV_BLOCK_BYTES);
  private at = 0;

  /** One record: `row[keys[i]]` is the i-th cell (keys are names, or indexes of an array row). */
  write<K extends string | number>(
    row: { readonly [key in K]?: string | null },
    keys: ArrayLike<K>,
  ) {
    for (let i = 0; i < keys.length; i++) {
      const value = row[keys[i]!];
      const text = value === null || value === undefined ? '' : csvCell(neutraliseFormula(value));
      // UTF-8 takes at most 3 bytes per UTF-16 unit; then the comma or CRLF.
      const most = text.length * 3 + 2;
      if (this.at + most > this.block.length) {
        this.blocks.push(this.block.subarray(0, this.at));
        this.block = Buffer.allocUnsafe(Math.max(CSV_BLOCK_BYTES, most));
        this.at = 0;
      }
      if (text) this.at += this.block.write(text, this.at);
      if (i < keys.length - 1) this.block[this.at++] = COMMA;
    }
    this.block[this.at++] = CR;
    this.block[this.at++] = LF;
  }

  end(): Buffer[] {
    if (this.at > 0) this.blocks.push(this.block.subarray(0, this.at));
    return this.blocks;
  }
}

/**
 * One page read and written as CSV before any of it is handed on. On PostgreSQL each row is
 * written as it arrives and is garbage at once: collected into a whole page first (as
 * `tx.execute` does), rows lived long enough to be promoted to V8's old generation and held
 * the server's memory 160-190 MB up over a million members. PGlite, in this process and used
 * for small studios and the tests, reads the page as usual.
 */
async function readPage(
  db: Db,
  organizationId: string,
  file: ExportFileName,
  names: readonly string[],
  after: string,
  pageSize: number,
  member: string | null,
): Promise<{ blocks: Buffer[]; rows: number; last: string | undefined }> {
  const csv = new CsvBlocks();
  let last: string | undefined;
  const rows = await runInStudio(db, organizationId, async (tx, unit) => {
    const query = queries.exportPageQuery(file, organizationId, after, pageSize, member);
    // Column positions of `names` and of the keyset key, found once per page.
    let columns: readonly string[] | undefined;
    let positions: number[] = [];
    let keyAt = -1;
    const streamed = unit.stream(query, (row, rowColumns) => {
      if (rowColumns !== columns) {
        columns = rowColumns;
        positions = names.map((name) => columnIndex(rowColumns, name));
        keyAt = columnIndex(rowColumns, '_key');
      }
      csv.write(row, positions);
      last = row[keyAt]!;
    });
    if (streamed) return streamed;
    const page = await queries.selectExportPage(tx, file, organizationId, after, pageSize, member);
    for (const row of page) csv.write(row, names);
    last = page.at(-1)?._key;
    return page.length;
  });
  return { blocks: csv.end(), rows, last };
}

function columnIndex(columns: readonly string[], name: string): number {
  const index = columns.indexOf(name);
  if (index < 0) throw new Error(`The export page has no column ${name}.`);
  return index;
}

/** One CSV file of the export, read page by page; resolves with its row count. */
async function pumpFile(
  db: Db,
  organizationId: string,
  file: ExportFile,
  zip: yazl.ZipFile,
  pageSize: number,
  signal: AbortSignal,
  member: string | null,
): Promise<number> {
  const names = file.columns.map((c) => c.name);
  // Bytes: a page's CSV waits here until yazl has taken it (one deflate job per chunk).
  const csv = new PassThrough();
  zip.addReadStream(csv, file.file);
  // The client went away: stop waiting for it to read (drained() then resolves on close).
  const stop = () => csv.destroy();
  signal.addEventListener('abort', stop, { once: true });
  let rows = 0;
  let after = queries.FIRST_KEY;
  try {
    csv.write(names.map(csvCell).join(',') + '\r\n');
    for (;;) {
      const page = await readPage(
        db,
        organizationId,
        file.file as ExportFileName,
        names,
        after,
        pageSize,
        member,
      );
      rows += page.rows;
      if (signal.aborted) break;
      let room = true;
      for (const block of page.blocks) room = csv.write(block);
      if (!room) await drained(csv);
      if (page.rows < pageSize || signal.aborted) break;
      after = page.last!;
    }
  } finally {
    signal.removeEventListener('abort', stop);
    csv.end();
  }
  return rows;
}

function drained(stream: NodeJS.WritableStream) {
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('error', fail);
      stream.off('close', done);
      resolve();
    };
    const fail = (error: Error) => {
      stream.off('drain', done);
      stream.off('close', done);
      reject(error);
    };
    stream.once('drain', done);
    stream.once('error', fail);
    // A client that went away closes the pipeline: stop waiting and let the pump end.
    stream.once('close', done);
  });
}

/**
 * The studio's export as a ZIP stream: `data-dictionary.csv`, one CSV per file of the
 * dictionary, then `manifest.json` with each file's row count (written last, once known).
 * Starts reading only once called; a database error mid-way destroys the stream, so the
 * download fails visibly instead of ending as a silently truncated ZIP. With `member`, the same
 * ZIP of that member's own records only (MEMBER_EXPORT_FILES).
 */
export function streamStudioExport(
  db: Db,
  organizationId: string,
  studio: ExportStudio,
  options: { now?: Date; pageSize?: number; member?: { id: string; email: string | null } } = {},
): Readable {
  const now = options.now ?? new Date();
  const pageSize = options.pageSize ?? EXPORT_PAGE;
  const member = options.member ?? null;
  const exportFiles: readonly ExportFile[] = member ? MEMBER_EXPORT_FILES : EXPORT_FILES;
  const zip = new yazl.ZipFile();
  const output = new PassThrough();
  zip.outputStream.on('error', (error) => output.destroy(error));
  zip.outputStream.pipe(output);
  const aborted = new AbortController();
  output.on('close', () => aborted.abort());

  const build = async () => {
    zip.addBuffer(Buffer.from(dataDictionaryCsv(exportFiles), 'utf8'), 'data-dictionary.csv', {
      mtime: now,
    });
    const files: Array<{ name: string; rows: number }> = [];
    for (const file of exportFiles) {
      if (aborted.signal.aborted) return;
      files.push({
        name: file.file,
        rows: await pumpFile(
          db,
          organizationId,
          file,
          zip,
          pageSize,
          aborted.signal,
          member?.id ?? null,
        ),
      });
    }
    const manifest = {
      studio: { id: organizationId, name: studio.name, slug: studio.slug },
      ...(member ? { member: { id: member.id, email: member.email } } : {}),
      generatedAt: now.toISOString(),
      fitbaseVersion: OPENAPI_CONFIG.info.version,
      files: [{ name: 'data-dictionary.csv', rows: null }, ...files],
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2), 'utf8'), 'manifest.json', {
      mtime: now,
    });
    zip.end();
  };
  build().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/**
 * The studio export for a studio request (the route streams it). The scope's db is the app's
 * handle (a `transaction: false` route): each batch is its own short studio transaction.
 */
export async function exportForStudio(
  scope: Pick<StudioScope, 'organizationId' | 'db'>,
): Promise<ExportResult> {
  const { db } = scope;
  const studio = await runInStudio(db, scope.organizationId, (tx) =>
    queries.selectStudio(tx, scope.organizationId),
  );
  if (!studio) throw new AppError('not_found', 'This studio no longer exists.');
  const now = new Date();
  return {
    stream: streamStudioExport(db, scope.organizationId, studio, { now }),
    fileName: exportFileName(studio.slug, now),
  };
}

/** `my-data-<slug>-<YYYY-MM-DD>.zip` (UTC date). */
export function memberExportFileName(slug: string, now: Date): string {
  return `my-data-${slug}-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * `Download my data` (docs/product/member-portal.md#profile): the signed-in member's own records
 * through the studio export's machinery, page by page in short studio transactions.
 */
export async function exportForMember(
  scope: Pick<MemberScope, 'organizationId' | 'memberId' | 'studio' | 'db'> & {
    /** The app's database: the stream's pages run after the request's unit of work. */
    deps: Pick<Deps, 'database'>;
  },
): Promise<ExportResult> {
  const row = await queries.selectMemberEmail(scope.db, scope.organizationId, scope.memberId);
  if (!row) throw new AppError('not_found', 'Your member record no longer exists.');
  const now = new Date();
  const member = { id: scope.memberId, email: row.email };
  return {
    stream: streamStudioExport(scope.deps.database.db, scope.organizationId, scope.studio, {
      now,
      member,
    }),
    fileName: memberExportFileName(scope.studio.slug, now),
  };
}

/** A download link that works without a session: (studio, owner, expiry) signed. */
export function exportLinkToken(
  secret: string,
  organizationId: string,
  userId: string,
  expiresAt: Date,
): string {
  return signToken(secret, LINK_PURPOSE, [organizationId, userId, String(expiresAt.getTime())]);
}

/**
 * POST /api/data/export-links: with `email`, a link valid EXPORT_LINK_DAYS that a job mails to the
 * owner who asked; without, a link for the browser to follow now (DOWNLOAD_LINK_MINUTES).
 */
export async function createExportLink(
  scope: Pick<StudioScope, 'organizationId' | 'userId' | 'work'> & { deps: Pick<Deps, 'config'> },
  input: { email: boolean },
  now = new Date(),
): Promise<ExportLink> {
  const { deps } = scope;
  const expiresAt = new Date(
    now.getTime() + (input.email ? EXPORT_LINK_DAYS * DAY_MS : DOWNLOAD_LINK_MINUTES * 60_000),
  );
  const token = exportLinkToken(
    deps.config.authSecret,
    scope.organizationId,
    scope.userId,
    expiresAt,
  );
  const url = exportLinkUrl(deps.config.appUrl, token);
  if (input.email) {
    const job = {
      organizationId: scope.organizationId,
      userId: scope.userId,
      url,
      expiresAt: expiresAt.toISOString(),
    };
    await enqueueJob(scope.work, exportEmailJob, job);
  }
  return { url, token, expiresAt: expiresAt.toISOString(), emailed: input.email };
}

/**
 * The link people follow: a page of the web app that posts the token to
 * `POST /api/public/data/export`. The token is in the fragment, which browsers never send, so
 * no server or proxy log records it (ADR 0008).
 */
export function exportLinkUrl(appUrl: string, token: string): string {
  return `${appUrl}/export-download#token=${token}`;
}

export const LINK_INVALID_MESSAGE =
  'This download link is not valid. Ask for a new one in Settings → General → Export your data.';
export const LINK_EXPIRED_MESSAGE = `This download link has expired (links work for ${EXPORT_LINK_DAYS} days). Ask for a new one in Settings → General → Export your data.`;
export const LINK_OUTDATED_MESSAGE =
  'This download link is from an earlier version of FitBase and no longer works. Ask for a new one in Settings → General → Export your data.';
export const LINK_NOT_OWNER_MESSAGE =
  'This download link no longer works: only owners of the studio can export its data.';

/**
 * POST /api/public/data/export: the same ZIP for a valid link's token. A forged or foreign
 * token, an expired one, and one whose person is no longer an owner all get a clear 404.
 */
export async function exportForLink(
  scope: Pick<PublicScope, 'db' | 'deps'>,
  token: string,
  now = new Date(),
) {
  const { db } = scope;
  const parts = verifyToken(scope.deps.config.authSecret, LINK_PURPOSE, token);
  if (!parts || parts.length !== 3) throw new AppError('not_found', LINK_INVALID_MESSAGE);
  const [organizationId, userId, expiry] = parts as [string, string, string];
  if (!(Number(expiry) > now.getTime())) throw new AppError('not_found', LINK_EXPIRED_MESSAGE);
  const role = await queries.selectRole(db, organizationId, userId);
  if (!can(role as OrganizationRole | null, 'data.export'))
    throw new AppError('not_found', LINK_NOT_OWNER_MESSAGE);
  return exportForStudio({ organizationId, db });
}

/** The 'data.export-email' job: mails the link to the owner who asked (skipped if they left). */
export async function sendExportLinkEmail(
  deps: Deps,
  job: z.output<typeof emailJobSchema>,
): Promise<void> {
  const { db } = deps.database;
  const person = await queries.selectUserContact(db, job.userId);
  const studio = await runInStudio(db, job.organizationId, (tx) =>
    queries.selectStudio(tx, job.organizationId),
  );
  if (!person || !studio) return;
  await deps.mailer.send(
    exportLinkMail({
      to: person.email,
      name: person.name || person.email,
      studioName: studio.name,
      url: job.url,
      expiresAt: new Date(job.expiresAt),
    }),
  );
}
