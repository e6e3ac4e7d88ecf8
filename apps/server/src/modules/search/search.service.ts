import { HELP_ENTRIES, type HelpEntry } from '@fitbase/domain/help-catalog';
import { can, type Permission } from '@fitbase/domain/permissions';
import {
  SEARCH_KIND_LABELS,
  type SearchGroup,
  type SearchResponse,
  type SearchResult,
} from '@fitbase/domain/contracts/search';
import {
  SEARCH_KINDS,
  SEARCH_RESULT_LIMIT,
  type SearchKind,
} from '@fitbase/domain/settings-constants';
import type { StudioScope } from '../../http/types.ts';
import * as queries from './search.sql.ts';

/** Global search: docs/product/settings-and-help.md#global-search. */

type Scope = Pick<StudioScope, 'organizationId' | 'role' | 'work'>;
type Ranked = SearchResult & { tier: number; score: number };

/** Each kind is shown only to a role that may open it (all roles today; kept if that changes). */
const KIND_PERMISSION: Record<Exclude<SearchKind, 'help'>, Permission> = {
  member: 'members.view',
  lead: 'leads.manage',
  staff: 'staff.view',
  class: 'schedule.view',
  product: 'money.view',
};

const HELP_KIND_LABELS: Record<HelpEntry['kind'], string> = {
  article: 'Article',
  faq: 'FAQ',
  tutorial: 'Tutorial',
  resource: 'Resource',
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const withQuery = (path: string, search: string) =>
  `${path}?${new URLSearchParams({ search }).toString()}`;

function toResult(kind: Exclude<SearchKind, 'help'>, row: queries.Candidate): Ranked {
  const base = { id: row.id, kind, title: row.title, tier: row.tier, score: row.score };
  switch (kind) {
    case 'member':
      return {
        ...base,
        subtitle: [row.subtitle, row.extra && capitalize(row.extra)].filter(Boolean).join(' · '),
        path: `/member/${row.id}`,
      };
    case 'lead':
      // The leads list lives on Connect › Lead sources and filters by name or email.
      return {
        ...base,
        subtitle: [row.subtitle, row.extra && capitalize(row.extra)].filter(Boolean).join(' · '),
        path: withQuery('/connect/sources', row.title),
      };
    case 'staff':
      return {
        ...base,
        subtitle: [row.subtitle, row.extra && capitalize(row.extra)].filter(Boolean).join(' · '),
        path: '/staff',
      };
    case 'class':
      return {
        ...base,
        subtitle: [row.subtitle && capitalize(row.subtitle), row.extra].filter(Boolean).join(' · '),
        path: '/schedule',
      };
    case 'product':
      return {
        ...base,
        subtitle: [`SKU ${row.subtitle ?? ''}`, row.extra === 'inactive' ? 'Inactive' : null]
          .filter(Boolean)
          .join(' · '),
        path: withQuery('/store/products', row.title),
      };
  }
}

/**
 * Help entries are a few dozen constants: matched in memory. Every word of the query must start
 * a word of the title or summary (case-insensitive); a title match ranks above a summary one.
 */
export function searchHelp(q: string, entries: ReadonlyArray<HelpEntry> = HELP_ENTRIES): Ranked[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  const startsAll = (text: string) => {
    const own = wordsOf(text);
    return words.every((w) => own.some((o) => o.startsWith(w)));
  };
  const results: Ranked[] = [];
  for (const entry of entries) {
    const title = entry.title.toLowerCase();
    let tier: number;
    if (title === q.toLowerCase()) tier = 0;
    else if (startsAll(entry.title)) tier = 1;
    else if (startsAll(`${entry.title} ${entry.summary}`)) tier = 2;
    else continue;
    results.push({
      id: entry.slug,
      kind: 'help',
      title: entry.title,
      subtitle: [HELP_KIND_LABELS[entry.kind], entry.group].filter(Boolean).join(' · '),
      path: `/help?${new URLSearchParams({ article: entry.slug }).toString()}`,
      tier,
      score: 0,
    });
  }
  return results;
}

/** Best first: exact, word prefix, contains, similar; then similarity; then the title. */
function compare(a: Ranked, b: Ranked): number {
  return a.tier - b.tier || b.score - a.score || a.title.localeCompare(b.title);
}

/** Keeps the best SEARCH_RESULT_LIMIT across kinds and groups them in SEARCH_KINDS order. */
export function groupResults(q: string, results: Ranked[]): SearchResponse {
  const best = [...results].sort(compare).slice(0, SEARCH_RESULT_LIMIT);
  const groups: SearchGroup[] = [];
  for (const kind of SEARCH_KINDS) {
    const own = best.filter((r) => r.kind === kind);
    if (own.length === 0) continue;
    groups.push({
      kind,
      label: SEARCH_KIND_LABELS[kind],
      results: own.map(({ tier: _tier, score: _score, ...result }) => result),
    });
  }
  return { q, groups, total: best.length };
}

/**
 * A row found by several tiers keeps its best one; within the word-prefix and contains tiers a
 * title that starts with the query comes first (the query's tiers return rows unordered).
 */
function bestOfEach(rows: queries.Candidate[], q: string): queries.Candidate[] {
  const byId = new Map<string, queries.Candidate>();
  for (const row of rows) {
    const seen = byId.get(row.id);
    if (!seen || row.tier < seen.tier) byId.set(row.id, row);
  }
  return [...byId.values()].map((row) =>
    row.tier === 1 || row.tier === 2
      ? { ...row, score: row.title.toLowerCase().startsWith(q) ? 1 : 0.5 }
      : row,
  );
}

export async function search(scope: Scope, q: string): Promise<SearchResponse> {
  if (!q) return { q, groups: [], total: 0 };
  const term = queries.termOf(q);
  const results: Ranked[] = searchHelp(q);
  const kinds = (Object.keys(KIND_PERMISSION) as Array<keyof typeof KIND_PERMISSION>).filter(
    (kind) => can(scope.role, KIND_PERMISSION[kind]),
  );
  // What help already found counts towards the 20 that let the statement skip lower tiers.
  const rows = await queries.searchAll(
    scope.work,
    kinds,
    scope.organizationId,
    term,
    SEARCH_RESULT_LIMIT,
    {
      upToWordStart: results.filter((r) => r.tier <= 1).length,
      upToContains: results.filter((r) => r.tier <= 2).length,
    },
  );
  for (const kind of kinds) {
    const own = rows.filter((row) => row.kind === kind);
    results.push(...bestOfEach(own, term.lower).map((row) => toResult(kind, row)));
  }
  return groupResults(q, results);
}
