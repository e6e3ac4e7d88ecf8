import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// Module boundaries (issue 27, ARCHITECTURE.md "Module layout"): the rules and options of
// .dependency-cruiser.cjs, plus the one check dependency-cruiser has no rule for: no cycle between
// modules (apps/server/src/modules/<name>/), taken on the graph with one node per module.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const config = createRequire(import.meta.url)(
  path.join(root, '.dependency-cruiser.cjs'),
) as IConfiguration;
const MODULE = /^apps\/server\/src\/modules\/([^/]+)\//;

/**
 * Module imports still to be removed, each closing a cycle (issue 27: none left; the billing run
 * and the daily summary are use cases now). The test fails when one is gone, so the list only
 * shrinks; never add to it: with it empty, any cycle between modules fails.
 */
const KNOWN_CYCLE_EDGES = new Map<string, string>([]);

/** Module → the other modules its files import (type-only imports count too). */
export function moduleGraph(result: ICruiseResult): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of result.modules) {
    const from = MODULE.exec(file.source)?.[1];
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const dependency of file.dependencies) {
      const to = MODULE.exec(dependency.resolved)?.[1];
      if (to && to !== from && !edges.has(to))
        edges.set(to, `${file.source} → ${dependency.resolved}`);
    }
  }
  return graph;
}

/** The groups of modules that reach each other (Tarjan), each of two or more. */
export function moduleCycles(graph: Map<string, Map<string, string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups;
}

describe('module boundaries', () => {
  it('has no module cycle and no rule violation', async () => {
    const cwd = process.cwd();
    process.chdir(root);
    let result: ICruiseResult;
    try {
      const cruised = await cruise(['apps/server/src'], {
        ...config.options,
        ruleSet: { forbidden: config.forbidden },
        validate: true,
      });
      result = cruised.output as ICruiseResult;
    } finally {
      process.chdir(cwd);
    }
    const graph = moduleGraph(result);
    expect(graph.size).toBeGreaterThan(30);
    for (const [edge, file] of KNOWN_CYCLE_EDGES) {
      const [from, to] = edge.split(' → ') as [string, string];
      const example = graph.get(from)?.get(to);
      expect(example, `${edge} is gone: remove it from KNOWN_CYCLE_EDGES`).toBeDefined();
      expect(example).toContain(file);
      graph.get(from)!.delete(to);
    }
    const cycles = moduleCycles(graph).map((group) => {
      const why = group.flatMap((from) =>
        [...(graph.get(from) ?? [])]
          .filter(([to]) => group.includes(to))
          .map(([, example]) => `  ${example}`),
      );
      return `${group.join(', ')}:\n${why.join('\n')}`;
    });
    expect(cycles, 'modules that import each other (directly or through others)').toEqual([]);
    const violations = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(violations).toEqual([]);
  }, 60_000);
});
