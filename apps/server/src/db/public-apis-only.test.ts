import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server reaches Drizzle, pg and pg-boss through their public APIs only (ADR 0024): an
// upgrade of one of them must not break a cast to its private fields silently. These are the
// ways the code once did it; none may come back.
const PRIVATE_USES: Array<{ what: string; pattern: RegExp }> = [
  {
    what: "Drizzle's internal session, driver or transaction classes built by hand",
    pattern: /from ['"]drizzle-orm\/[\w-]+\/(session|driver)['"]/,
  },
  {
    what: "a cast to reach a private field (Drizzle's dialect or session, a driver's client)",
    pattern: /as unknown as \{[^}]*\b(dialect|session|client|internals)\b/,
  },
  { what: 'a private field read off a handle', pattern: /\binternals\.(dialect|session)\b/ },
  {
    what: 'a hidden hook hung on a library object',
    pattern: /\)\[(HOOK|BUFFER)\]|Symbol\(['"](statements|commit|deferred)/,
  },
  { what: "pg-boss's SQL text taken apart", pattern: /\.split\(\/\\\$\(\\d\+\)\// },
  { what: "pg-boss's private modules", pattern: /from ['"]pg-boss\/(src|dist)\// },
];

const SERVER = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function offences(text: string): string[] {
  return PRIVATE_USES.filter(({ pattern }) => pattern.test(text)).map(({ what }) => what);
}

describe('public APIs only', () => {
  it('recognises each way private fields were reached before', () => {
    // Lines of the files the unit of work replaced: the check must catch each of them.
    const before = [
      "import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';",
      'const internals = db as unknown as { dialect: never; session: { schema: never } };',
      'const { sql: text, params } = internals.dialect.sqlToQuery(query);',
      'const hook = (tx as unknown as Carrier)[HOOK];',
      'const parts = text.split(/\\$(\\d+)/);',
    ];
    for (const line of before) expect(offences(line), line).not.toEqual([]);
  });

  it('finds none in the server', () => {
    const found = sourceFiles(SERVER).flatMap((file) =>
      offences(readFileSync(file, 'utf8')).map((what) => `${path.relative(SERVER, file)}: ${what}`),
    );
    expect(found).toEqual([]);
  });
});
