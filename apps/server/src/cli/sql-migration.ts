import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationText, parseSqlSource, SERVER_SRC, sqlSourceFiles } from '../db/sql-sources.ts';

/**
 * Prints the text of a custom migration that installs SQL source files (DEVELOPERS.md,
 * "Changing a SQL function or trigger"):
 *
 *   cd apps/server && npx drizzle-kit generate --custom --name <what_changed>
 *   npx tsx src/cli/sql-migration.ts [source.sql ...] >> drizzle/<NNNN>_<what_changed>.sql
 *
 * Without arguments: the source files git sees as changed or new. A function whose arguments or
 * result type change needs a `DROP FUNCTION IF EXISTS name(old argument types);` first, by hand.
 */
function changedSources(): string[] {
  const root = path.dirname(SERVER_SRC);
  const out = execFileSync('git', ['status', '--porcelain', '--untracked-files=all', '--', 'src'], {
    cwd: root,
    encoding: 'utf8',
  });
  const top = execFileSync('git', ['rev-parse', '--show-toplevel'], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  const all = new Set(sqlSourceFiles());
  return out
    .split('\n')
    .filter((line) => line.length > 3 && line[1] !== 'D' && line[0] !== 'D')
    .map((line) => path.join(top, line.slice(3).split(' -> ').pop()!))
    .filter((file) => all.has(file));
}

function main(): void {
  const args = process.argv.slice(2);
  const files = args.length > 0 ? args.map((a) => path.resolve(a)) : changedSources();
  if (files.length === 0) {
    console.error('No SQL source file changed; name the files: sql-migration.ts <file.sql> ...');
    process.exit(1);
  }
  const known = new Set(sqlSourceFiles());
  for (const file of files) {
    if (!known.has(file)) {
      console.error(`${file} is not a SQL source file (src/db/sql/*.sql, src/modules/*/sql/*.sql)`);
      process.exit(1);
    }
  }
  const sources = files.map((file) =>
    parseSqlSource(path.relative(path.dirname(SERVER_SRC), file), readFileSync(file, 'utf8')),
  );
  process.stdout.write(`\n${migrationText(sources)}`);
}

main();
