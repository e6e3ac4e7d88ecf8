import { Command } from 'cmdk';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useCurrentOrganization } from '@/lib/session';
import { useGlobalSearch } from './use-global-search';

const SEARCH_DEBOUNCE_MS = 150;
const itemClass =
  'flex cursor-pointer flex-col rounded-md px-2 py-1.5 text-sm data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground';
const groupClass =
  '[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';

/**
 * Global search as a command palette (docs/product/layout.md#top-bar): Ctrl/Cmd+K anywhere in
 * the signed-in app opens it; results come from the server as you type, grouped by kind; arrows
 * move, Enter opens the record, Esc closes. The last item keeps the old top-bar behaviour:
 * the members directory filtered by the query.
 */
export function CommandPalette({
  open,
  onOpenChange: setOpen,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const { organization } = useCurrentOrganization();
  const q = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const results = useGlobalSearch(organization?.id, q);

  // The shortcut toggles; a ref keeps the listener from re-binding on every open/close.
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        // Browsers bind Ctrl+K to their own search box; inside the app it opens ours.
        event.preventDefault();
        setOpen(!openRef.current);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [setOpen]);

  const go = (path: string) => {
    setOpen(false);
    setQuery('');
    void navigate(path);
  };

  const trimmed = query.trim();
  const groups = results.data && results.data.q === q ? results.data.groups : [];
  const settled = q === trimmed && !results.isFetching;

  // cmdk does not move the selection when results arrive asynchronously (filtering is the
  // server's), so the first result is selected each time a new set of results lands.
  const first = groups[0]?.results[0];
  const firstValue = first ? `${first.kind}:${first.id}` : 'action:members-search';
  const [selected, setSelected] = useState(firstValue);
  useEffect(() => setSelected(firstValue), [firstValue]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        className="gap-0 overflow-hidden p-0"
        showCloseButton={false}
        // Focus must not return to the top bar's search box: focusing it opens the palette again.
        onCloseAutoFocus={(event) => event.preventDefault()}
      >
        <DialogTitle className="sr-only">Search FitBase</DialogTitle>
        <DialogDescription className="sr-only">
          Members, leads, staff, classes, products and help articles of this studio
        </DialogDescription>
        <Command
          shouldFilter={false}
          loop
          label="Search FitBase"
          value={selected}
          onValueChange={setSelected}
        >
          <div className="flex items-center gap-2 border-b px-3">
            <Search className="size-4 text-muted-foreground" aria-hidden />
            <Command.Input
              value={query}
              onValueChange={setQuery}
              placeholder="Search members, leads, staff, classes, products, help..."
              className="h-11 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
            />
          </div>
          <Command.List className="max-h-96 overflow-y-auto p-1">
            {!trimmed && (
              <p className="px-2 py-6 text-center text-sm text-muted-foreground">
                Type a name, email, SKU, class or help topic.
              </p>
            )}
            {trimmed && results.isError && (
              <p className="px-2 py-6 text-center text-sm text-destructive">
                Search failed: {results.error.message}
              </p>
            )}
            {trimmed && settled && !results.isError && groups.length === 0 && (
              <p className="px-2 py-6 text-center text-sm text-muted-foreground">
                No results for &lsquo;{trimmed}&rsquo;.
              </p>
            )}
            {groups.map((group) => (
              <Command.Group key={group.kind} heading={group.label} className={groupClass}>
                {group.results.map((result) => (
                  <Command.Item
                    key={`${result.kind}:${result.id}`}
                    value={`${result.kind}:${result.id}`}
                    onSelect={() => go(result.path)}
                    className={itemClass}
                  >
                    <span className="truncate font-medium">{result.title}</span>
                    {result.subtitle && (
                      <span className="truncate text-xs text-muted-foreground">
                        {result.subtitle}
                      </span>
                    )}
                  </Command.Item>
                ))}
              </Command.Group>
            ))}
            {trimmed && (
              <Command.Group heading="Actions" className={groupClass}>
                <Command.Item
                  value="action:members-search"
                  onSelect={() =>
                    go(`/members?${new URLSearchParams({ search: trimmed }).toString()}`)
                  }
                  className={itemClass}
                >
                  Search members for &lsquo;{trimmed}&rsquo;
                </Command.Item>
              </Command.Group>
            )}
          </Command.List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
