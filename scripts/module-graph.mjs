// Module-level import graph of the server: `node scripts/module-graph.mjs [--why] [--edges] [--tests]`.
// One node per apps/server/src/modules/<name>/ folder; an edge when a file of one imports a file of
// another (static, dynamic and type-only imports; tests and fixtures left out unless --tests).
// Prints the pairs of modules that import each other and the groups that reach each other (the
// largest cycle). The suite's check is apps/server/src/architecture.test.ts (issue 27).
import fs from 'node:fs';
import path from 'node:path';
const root = path.resolve(
  process.argv[2] && !process.argv[2].startsWith('--')
    ? process.argv[2]
    : path.join(path.dirname(new URL(import.meta.url).pathname), '../apps/server/src'),
);
const includeTests = process.argv.includes('--tests');
const modDir = path.join(root, 'modules');
const files = [];
(function walk(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.tsx?$/.test(e.name)) files.push(p);
  }
})(root);
const modOf = (f) => {
  const r = path.relative(modDir, f);
  if (r.startsWith('..')) {
    const top = path.relative(root, f).split(path.sep)[0];
    return top.endsWith('.ts') ? 'ROOT:' + top : top;
  }
  return r.split(path.sep)[0];
};
const edges = new Map();
const why = new Map();
for (const f of files) {
  if (!includeTests && /\.test\.ts$|-fixtures\.ts$|-crash-child\.ts$/.test(f)) continue;
  const src = fs.readFileSync(f, 'utf8');
  const re = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  let m;
  while ((m = re.exec(src))) {
    const spec = m[1] || m[2];
    if (!spec.startsWith('.')) continue;
    const t = path.resolve(path.dirname(f), spec);
    const a = modOf(f),
      b = modOf(t);
    if (!f.startsWith(modDir)) continue;
    if (!t.startsWith(modDir)) {
      continue;
    }
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a).add(b);
    const k = a + '>' + b;
    if (!why.has(k)) why.set(k, []);
    why.get(k).push(path.relative(modDir, f) + ' -> ' + path.relative(modDir, t));
  }
}
const mods = fs.readdirSync(modDir).filter((d) => fs.statSync(path.join(modDir, d)).isDirectory());
const pairs = [];
for (const a of mods)
  for (const b of mods)
    if (a < b && edges.get(a)?.has(b) && edges.get(b)?.has(a)) pairs.push([a, b]);
// Tarjan SCC
let idx = 0;
const st = [],
  on = new Set(),
  I = new Map(),
  L = new Map(),
  sccs = [];
function sc(v) {
  I.set(v, idx);
  L.set(v, idx);
  idx++;
  st.push(v);
  on.add(v);
  for (const w of edges.get(v) || []) {
    if (!I.has(w)) {
      sc(w);
      L.set(v, Math.min(L.get(v), L.get(w)));
    } else if (on.has(w)) L.set(v, Math.min(L.get(v), I.get(w)));
  }
  if (L.get(v) === I.get(v)) {
    const c = [];
    let w;
    do {
      w = st.pop();
      on.delete(w);
      c.push(w);
    } while (w !== v);
    sccs.push(c);
  }
}
for (const m of mods) if (!I.has(m)) sc(m);
const big = sccs.filter((c) => c.length > 1).sort((a, b) => b.length - a.length);
console.log(
  `modules: ${mods.length}; module edges: ${[...edges.values()].reduce((s, x) => s + x.size, 0)}`,
);
console.log(`pairs importing each other: ${pairs.length}`);
for (const [a, b] of pairs) console.log(`  ${a} <-> ${b}`);
console.log(
  `strongly connected groups (cycles): ${big.length}; largest spans ${big[0]?.length || 0} modules`,
);
for (const c of big) console.log(`  [${c.length}] ${c.sort().join(', ')}`);
if (process.argv.includes('--why'))
  for (const [a, b] of pairs) {
    console.log(a + '>' + b, why.get(a + '>' + b));
    console.log(b + '>' + a, why.get(b + '>' + a));
  }
if (process.argv.includes('--edges'))
  for (const [a, s] of [...edges].sort())
    for (const b of [...s].sort())
      console.log(
        `${a} -> ${b}: ${why
          .get(a + '>' + b)
          .map((x) => x.replace(/^[^/]+\//, ''))
          .join('; ')}`,
      );
