import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { pageWindow, type DataTablePagination } from './paging';

/** Previous/Next, numbered pages, or Load more, by the table's pagination mode. */
export function DataTablePager({
  pagination,
  busy,
  loadMoreLabel,
}: {
  pagination: DataTablePagination;
  busy: boolean;
  loadMoreLabel: { idle: string; loading: string };
}) {
  if (pagination.mode === 'more')
    return <LoadMore pagination={pagination} labels={loadMoreLabel} />;
  if (pagination.mode === 'cursor') {
    const { paging, nextCursor } = pagination;
    if (paging.page === 1 && !nextCursor) return null;
    return (
      <nav aria-label="Pagination" className="flex items-center justify-end gap-2 pt-4">
        <span className="text-sm text-muted-foreground">Page {paging.page}</span>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || paging.page === 1}
          onClick={paging.previous}
        >
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || !nextCursor}
          onClick={() => nextCursor && paging.next(nextCursor)}
        >
          Next
        </Button>
      </nav>
    );
  }
  const { page, pageCount, onPageChange } = pagination;
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-end gap-1 pt-4">
      <Button
        variant="outline"
        size="sm"
        disabled={busy || page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </Button>
      {pageWindow(page, pageCount).map((n, index) =>
        n === null ? (
          <span key={`gap-${index}`} className="px-2 text-muted-foreground" aria-hidden>
            …
          </span>
        ) : (
          <Button
            key={n}
            variant={n === page ? 'default' : 'ghost'}
            size="sm"
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            disabled={busy}
            onClick={() => onPageChange(n)}
          >
            {n}
          </Button>
        ),
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={busy || page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}

function LoadMore({
  pagination,
  labels,
}: {
  pagination: Extract<DataTablePagination, { mode: 'more' }>;
  labels: { idle: string; loading: string };
}) {
  const { hasMore, loadingMore, onLoadMore } = pagination;
  const sentinel = useRef<HTMLDivElement>(null);
  // The next page loads as the end of the list scrolls into view; the button stays for
  // keyboards and for browsers without IntersectionObserver.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !loadingMore) onLoadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore]);

  return (
    <div ref={sentinel} className="flex justify-center pt-4">
      {hasMore ? (
        <Button variant="outline" disabled={loadingMore} onClick={onLoadMore}>
          {loadingMore ? labels.loading : labels.idle}
        </Button>
      ) : null}
    </div>
  );
}
