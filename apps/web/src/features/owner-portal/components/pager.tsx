import { useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Keyset paging on the client: the server gives each page a `nextCursor`; going back pops
 * the cursors we came through, so any page is one indexed query away.
 */
export function useCursorPager(resetKey = '') {
  const [state, setState] = useState<{ key: string; stack: Array<string | null> }>({
    key: resetKey,
    stack: [null],
  });
  // A new search (resetKey) starts again from the first page.
  const stack = state.key === resetKey ? state.stack : [null];
  const cursor = stack[stack.length - 1] ?? null;
  return {
    cursor,
    page: stack.length,
    next: (nextCursor: string) => setState({ key: resetKey, stack: [...stack, nextCursor] }),
    previous: () =>
      setState({ key: resetKey, stack: stack.length > 1 ? stack.slice(0, -1) : stack }),
  };
}

export function Pager({
  pager,
  nextCursor,
  disabled,
}: {
  pager: ReturnType<typeof useCursorPager>;
  nextCursor: string | null | undefined;
  disabled?: boolean;
}) {
  if (pager.page === 1 && !nextCursor) return null;
  return (
    <div className="flex items-center justify-end gap-2 pt-4">
      <span className="text-sm text-muted-foreground">Page {pager.page}</span>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || pager.page === 1}
        onClick={pager.previous}
      >
        Previous
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || !nextCursor}
        onClick={() => nextCursor && pager.next(nextCursor)}
      >
        Next
      </Button>
    </div>
  );
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}
