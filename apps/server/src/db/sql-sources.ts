import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * SQL functions and triggers as source files (ARCHITECTURE.md, "Where rules live"): every
 * function and trigger the migrations install has its text in one `sql/*.sql` file of the module
 * whose tables it serves (`src/modules/<domain>/sql/`), or of `src/db/sql/` when it is
 * cross-cutting. A migration installs the file's text; `sql-sources.test.ts` checks that the
 * migrated database holds exactly what the files say. This module reads and parses them (the
 * test and `cli/sql-migration.ts` share it); nothing reads them at run time.
 */

/** `apps/server/src`, from this file (never the bundle: only tests and the CLI read sources). */
export const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface SqlStatement {
  /** The statement as written, with the comments before it, without its `;`. */
  text: string;
  /** The same without comments before it. */
  code: string;
}

export interface SqlFunctionSource {
  name: string;
  /** The body between the dollar quotes, as written. */
  body: string;
  statement: string;
}

export interface SqlTriggerSource {
  name: string;
  table: string;
  statement: string;
}

export interface SqlSource {
  /** Relative to the repository's `apps/server`. */
  file: string;
  statements: SqlStatement[];
  functions: SqlFunctionSource[];
  triggers: SqlTriggerSource[];
  /**
   * Triggers a function of this file creates on the tables named in migrations (the audit
   * trigger through `fitbase_enable_audit`): declared by a `-- @dynamic-triggers a, b` line.
   */
  dynamicTriggers: string[];
}

const IDENT = /[A-Za-z0-9_]/;

/**
 * Splits SQL text into statements at top-level `;`, skipping comments, quoted strings and
 * identifiers, and dollar-quoted bodies. Text after the last `;` that is only comments is dropped.
 */
export function splitStatements(text: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let start = 0;
  let codeStart = -1;
  let i = 0;
  const push = (end: number) => {
    if (codeStart >= 0) {
      statements.push({
        text: text.slice(start, end).replace(/^\s+/, '').replace(/\s+$/, ''),
        code: text.slice(codeStart, end).trim(),
      });
    }
    start = end + 1;
    codeStart = -1;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      continue;
    }
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (c === ';') {
      push(i);
      i += 1;
      continue;
    }
    if (codeStart < 0) codeStart = i;
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length) {
        if (text[j] === c && text[j + 1] === c) j += 2;
        else if (text[j] === c) break;
        else j += 1;
      }
      i = j + 1;
      continue;
    }
    if (c === '$' && !IDENT.test(text[i - 1] ?? ' ')) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag) {
        const end = text.indexOf(tag[0], i + tag[0].length);
        i = end < 0 ? text.length : end + tag[0].length;
        continue;
      }
    }
    i += 1;
  }
  push(text.length);
  return statements;
}

/** Whitespace runs become one space: how a source body and `pg_proc.prosrc` are compared. */
export function normalizeSql(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const NAME = String.raw`(?:public\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?`;
const FUNCTION = new RegExp(String.raw`^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+${NAME}\s*\(`, 'i');
const TRIGGER = new RegExp(
  String.raw`^CREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?TRIGGER\s+${NAME}\s[\s\S]*?\sON\s+${NAME}`,
  'i',
);
/** What a source file may hold: definitions only, never data changes or schema of tables. */
const ALLOWED = [
  /^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s/i,
  /^CREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?TRIGGER\s/i,
  /^DROP\s+TRIGGER\s+IF\s+EXISTS\s/i,
  /^(?:GRANT|REVOKE)\s+[\s\S]*\sON\s+FUNCTION\s/i,
];

/** The first dollar-quoted string of a statement: a function's body. */
function dollarBody(statement: string): string | undefined {
  for (const part of splitDollar(statement)) if (part.quoted) return part.text;
  return undefined;
}

function splitDollar(statement: string): { quoted: boolean; text: string }[] {
  const parts: { quoted: boolean; text: string }[] = [];
  const tagged = /\$([A-Za-z_][A-Za-z0-9_]*)?\$/g;
  let last = 0;
  for (let m = tagged.exec(statement); m; m = tagged.exec(statement)) {
    if (IDENT.test(statement[m.index - 1] ?? ' ')) continue;
    const end = statement.indexOf(m[0], m.index + m[0].length);
    if (end < 0) break;
    parts.push({ quoted: false, text: statement.slice(last, m.index) });
    parts.push({ quoted: true, text: statement.slice(m.index + m[0].length, end) });
    last = end + m[0].length;
    tagged.lastIndex = last;
  }
  parts.push({ quoted: false, text: statement.slice(last) });
  return parts;
}

export function parseSqlSource(file: string, text: string): SqlSource {
  const statements = splitStatements(text);
  const functions: SqlFunctionSource[] = [];
  const triggers: SqlTriggerSource[] = [];
  for (const s of statements) {
    if (!ALLOWED.some((re) => re.test(s.code))) {
      throw new Error(
        `${file}: only functions, triggers and their grants belong here: ${s.code.slice(0, 80)}`,
      );
    }
    const fn = FUNCTION.exec(s.code);
    if (fn) {
      const body = dollarBody(s.code);
      if (body === undefined) throw new Error(`${file}: ${fn[1]} has no dollar-quoted body`);
      functions.push({ name: fn[1]!.toLowerCase(), body, statement: s.code });
      continue;
    }
    const tr = /^CREATE/i.test(s.code) ? TRIGGER.exec(s.code) : null;
    if (tr) triggers.push({ name: tr[1]!, table: tr[2]!, statement: s.code });
  }
  const dynamicTriggers = [...text.matchAll(/^--\s*@dynamic-triggers\s+(.+)$/gm)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );
  return { file, statements, functions, triggers, dynamicTriggers };
}

/** Every `sql/*.sql` file under `src/db` and `src/modules/*`, sorted by path. */
export function sqlSourceFiles(root = SERVER_SRC): string[] {
  const files: string[] = [];
  const dirs = [path.join(root, 'db/sql')];
  for (const module of readdirSync(path.join(root, 'modules'), { withFileTypes: true })) {
    if (module.isDirectory()) dirs.push(path.join(root, 'modules', module.name, 'sql'));
  }
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) if (name.endsWith('.sql')) files.push(path.join(dir, name));
  }
  return files.sort();
}

export function readSqlSources(root = SERVER_SRC): SqlSource[] {
  return sqlSourceFiles(root).map((file) =>
    parseSqlSource(path.relative(path.dirname(root), file), readFileSync(file, 'utf8')),
  );
}

/**
 * The statements of source files as a drizzle-kit migration's text: each statement as written
 * (comments included), separated by drizzle's statement breakpoints.
 */
export function migrationText(sources: SqlSource[]): string {
  return (
    sources
      .map(
        (source) =>
          `-- From ${source.file}\n` +
          source.statements.map((s) => s.text).join(';--> statement-breakpoint\n'),
      )
      .join(';--> statement-breakpoint\n') + ';\n'
  );
}
