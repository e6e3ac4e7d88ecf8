import type { MemberListItem } from '@fitbase/domain/contracts/members';
import { Search } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useReportLoadFailure } from '@/lib/report-error';
import { useActivePlans } from '../api/list-active-plans';
import { useActiveServices } from '../api/list-active-services';
import { useMembers } from '../api/list-members';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useTagChoices } from '@/entities/tags/api/list-tag-choices';
import { MembersBulkActions } from './members-bulk-actions';
import {
  MembersFilter,
  membershipTypeOptions,
  NO_FILTER,
  type FilterValue,
} from './members-filter';
import { MemberRowActions, memberColumns, selectionColumn } from './members-table';
import { Checkbox } from '@/components/ui/checkbox';

const SEARCH_DEBOUNCE_MS = 250;

function EmptyState({ filtered }: { filtered: boolean }) {
  if (filtered) {
    return (
      <div className="py-10 text-center">
        <p className="font-medium">No members found</p>
        <p className="text-sm text-muted-foreground">Try adjusting your search terms</p>
      </div>
    );
  }
  return (
    <div className="space-y-3 py-10 text-center">
      <p className="font-medium">No members yet</p>
      <p className="text-sm text-muted-foreground">Add your first member to get started</p>
      <Button asChild>
        <Link to="/add-member">Add First Member</Link>
      </Button>
    </div>
  );
}

const rowId = (member: MemberListItem) => member.id;
const rowActions = (member: MemberListItem) => <MemberRowActions member={member} />;

/** Search, filter and pages run on the server; more rows load as the list scrolls. */
export function MembersDirectory({
  initialSearch,
  canTag = false,
  canGroup = false,
}: {
  initialSearch: string;
  /** Bulk "Add tag" (members.edit) and "Add to group" (connect.manage). */
  canTag?: boolean;
  canGroup?: boolean;
}) {
  const [search, setSearch] = useState(initialSearch);
  const [filter, setFilter] = useState<FilterValue>(NO_FILTER);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const tags = useTagChoices();
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const services = useActiveServices();
  const plans = useActivePlans();
  const membershipTypes = useMemo(
    () =>
      membershipTypeOptions(
        plans.data?.map((plan) => plan.name) ?? [],
        services.data?.map((service) => service.name) ?? [],
      ),
    [plans.data, services.data],
  );
  const members = useMembers({ search: debouncedSearch, ...filter });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = members;

  useReportLoadFailure(members.isError, 'Failed to load members');

  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // Stable rows: a new array per render would make the table rebuild its row model each time.
  const rows = useMemo(() => members.data?.pages.flatMap((page) => page.items), [members.data]);
  const filtered = Boolean(
    debouncedSearch || filter.status || filter.membershipType || filter.tagId,
  );
  const selectable = canTag || canGroup;
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const columns = useMemo(
    () => (selectable ? [selectionColumn(selected, toggle), ...memberColumns] : memberColumns),
    [selectable, selected, toggle],
  );
  // Only rows on screen can be selected: a selection never includes members the user cannot see.
  const loadedIds = useMemo(() => rows?.map((row) => row.id) ?? [], [rows]);
  const selectedIds = loadedIds.filter((id) => selected.has(id));
  const allSelected = loadedIds.length > 0 && selectedIds.length === loadedIds.length;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search members"
            placeholder="Search members..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-8"
          />
        </div>
        <MembersFilter
          value={filter}
          onChange={setFilter}
          membershipTypes={membershipTypes}
          tags={tags.data ?? []}
        />
      </div>
      {selectable ? (
        <div
          role="toolbar"
          aria-label="Selected members"
          className="flex flex-wrap items-center gap-3 rounded-md border px-3 py-2"
        >
          <div className="flex items-center gap-2">
            <Checkbox
              id="members-select-all"
              checked={allSelected ? true : selectedIds.length ? 'indeterminate' : false}
              disabled={loadedIds.length === 0}
              onCheckedChange={(checked) =>
                setSelected(checked === true ? new Set(loadedIds) : new Set())
              }
            />
            <label htmlFor="members-select-all" className="text-sm">
              {selectedIds.length ? `${selectedIds.length} selected` : 'Select all shown'}
            </label>
          </div>
          <MembersBulkActions
            selectedIds={selectedIds}
            canTag={canTag}
            canGroup={canGroup}
            onDone={() => setSelected(new Set())}
          />
        </div>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Member Directory</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            label="Member Directory"
            columns={columns}
            rows={rows}
            getRowId={rowId}
            rowActions={rowActions}
            loading={members.isPending}
            fetching={members.isFetching}
            loadingLabel="Loading members..."
            error={
              members.isError ? (
                <p role="alert" className="py-10 text-center text-destructive">
                  Failed to load members
                </p>
              ) : null
            }
            empty={<EmptyState filtered={filtered} />}
            pagination={{
              mode: 'more',
              hasMore: Boolean(hasNextPage),
              loadingMore: isFetchingNextPage,
              onLoadMore: loadMore,
            }}
            loadMoreLabel={{ idle: 'Load more', loading: 'Loading members...' }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
