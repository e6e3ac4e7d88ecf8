import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { REPORTS } from '@fitbase/domain/report-catalog';
import { loadDotEnv } from '../env.ts';
import { seedNewStudio, startSignedInServer } from './bench-server.ts';

/**
 * Every report and analytics answer of one seeded studio, written to a file, so that a rewrite
 * of the reports' SQL can be checked to change no figure: run it on the commit before and on
 * the change, against the same database on the same day, and diff the two files.
 *
 *   DATABASE_URL=... npx tsx apps/server/src/bench/report-snapshot.ts \
 *     --studio bench-reports-xxxx --out /tmp/before.jsonl
 *
 * Each report and tab, for the week, month, quarter, year and a custom half-year; page 1 and 2
 * of the year; the year sorted by each sortable column both ways; and the year's CSV export (a
 * hash of it). Volatile fields (the time the answer was made) are left out.
 */
const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: { studio: { type: 'string' }, out: { type: 'string' } },
});
if (!values.studio || !values.out) throw new Error('Usage: --studio <slug> --out <file>');
loadDotEnv();

const { organizationId } = await seedNewStudio(
  process.env,
  'unused',
  () => Promise.resolve(null),
  values.studio,
);
const server = await startSignedInServer(process.env, organizationId);
const lines: string[] = [];
const get = async (path: string) => {
  let body: unknown;
  try {
    body = await server.client.send('GET', path);
  } catch (error) {
    body = { error: (error as Error).message };
  }
  lines.push(
    JSON.stringify({ path, body }, (key, v: unknown) => (key === 'generatedAt' ? undefined : v)),
  );
  return body as { columns?: Array<{ key: string; sortable: boolean }> };
};
const csv = async (path: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: server.headers });
  const text = await response.text();
  const hash = createHash('sha256').update(text).digest('hex');
  lines.push(
    JSON.stringify({ path, status: response.status, lines: text.split('\n').length, hash }),
  );
};
try {
  for (const entry of REPORTS)
    for (const tab of entry.tabs.length ? entry.tabs.map((t) => t.id) : [null]) {
      const base = `/api/reports/${entry.id}?${tab ? `tab=${tab}&` : ''}`;
      for (const period of ['week', 'month', 'quarter']) await get(`${base}period=${period}`);
      await get(`${base}period=custom&from=2025-03-01&to=2025-09-30`);
      const year = await get(`${base}period=year`);
      await get(`${base}period=year&page=2`);
      for (const column of year.columns ?? [])
        if (column.sortable)
          for (const dir of ['asc', 'desc'])
            await get(`${base}period=year&sort=${column.key}&dir=${dir}`);
      // The year's CSV export (its batches read with a keyset, not the page's offset): its hash.
      await csv(`/api/reports/${entry.id}/export?${tab ? `tab=${tab}&` : ''}period=year`);
    }
  for (const name of ['overview', 'members', 'revenue', 'performance'])
    await get(`/api/analytics/${name}`);
} finally {
  await server.stop();
}
writeFileSync(values.out, `${lines.join('\n')}\n`);
console.log(`${lines.length} answers written to ${values.out}`);
