import { useState } from 'react';

/**
 * Keyset (cursor) paging kept on the client: the server gives each page a `nextCursor`; going
 * back pops the cursors we came through, so any page is one indexed query away. `resetKey`
 * (e.g. the search text) starts again from the first page when it changes.
 */
export interface CursorStack {
  key: string;
  cursors: Array<string | null>;
}

export function cursorStackFor(state: CursorStack, resetKey: string): Array<string | null> {
  return state.key === resetKey ? state.cursors : [null];
}

export function pushCursor(state: CursorStack, resetKey: string, cursor: string): CursorStack {
  return { key: resetKey, cursors: [...cursorStackFor(state, resetKey), cursor] };
}

export function popCursor(state: CursorStack, resetKey: string): CursorStack {
  const cursors = cursorStackFor(state, resetKey);
  return { key: resetKey, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors };
}

export interface CursorPaging {
  /** The cursor of the page to fetch (null: the first page). */
  cursor: string | null;
  /** 1-based. */
  page: number;
  next: (nextCursor: string) => void;
  previous: () => void;
}

export function useCursorPaging(resetKey = ''): CursorPaging {
  const [state, setState] = useState<CursorStack>({ key: resetKey, cursors: [null] });
  const cursors = cursorStackFor(state, resetKey);
  return {
    cursor: cursors[cursors.length - 1] ?? null,
    page: cursors.length,
    next: (nextCursor) => setState((s) => pushCursor(s, resetKey, nextCursor)),
    previous: () => setState((s) => popCursor(s, resetKey)),
  };
}

/**
 * The page numbers to offer around the current one (1-based), with null for a gap:
 * pageWindow(6, 20) → [1, null, 5, 6, 7, null, 20].
 */
export function pageWindow(page: number, pageCount: number, radius = 1): Array<number | null> {
  if (pageCount <= 0) return [];
  const current = Math.min(Math.max(page, 1), pageCount);
  const pages: Array<number | null> = [];
  for (let n = 1; n <= pageCount; n++) {
    const near = Math.abs(n - current) <= radius;
    if (n === 1 || n === pageCount || near) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

/** How a DataTable pages; every mode fetches one page at a time from the server. */
export type DataTablePagination =
  /** Keyset pages with Previous/Next (see useCursorPaging). */
  | { mode: 'cursor'; paging: CursorPaging; nextCursor: string | null | undefined }
  /** Numbered pages (1-based) when the server knows the total. */
  | { mode: 'pages'; page: number; pageCount: number; onPageChange: (page: number) => void }
  /** Keyset pages appended below the previous ones (Load more, and on scroll). */
  | { mode: 'more'; hasMore: boolean; loadingMore: boolean; onLoadMore: () => void };
