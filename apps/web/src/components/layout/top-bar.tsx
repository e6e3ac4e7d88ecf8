import { Bell, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { AccountMenu } from './account-menu';

/**
 * The top bar search finds members (docs/product/layout.md#top-bar): it opens the directory
 * filtered by the query.
 */
function SearchBox() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = query.trim();
    void navigate(search ? `/members?${new URLSearchParams({ search }).toString()}` : '/members');
  };

  return (
    <form role="search" onSubmit={handleSubmit} className="relative w-full max-w-md min-w-0 flex-1">
      <Search
        className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        name="search"
        aria-label="Search FitBase"
        placeholder="Search FitBase..."
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="pl-8"
      />
    </form>
  );
}

/**
 * The bell's badge counts the person's unread notifications and is hidden when there are none
 * (docs/product/layout.md); nothing creates notifications yet, so there is no badge. When
 * there is one, the button's name carries its number, so the name contains the visible text
 * (WCAG 2.5.3, axe `label-content-name-mismatch`).
 */
function NotificationBell({ unread = 0 }: { unread?: number }) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <Bell aria-hidden />
          {unread > 0 ? (
            <span className="absolute right-1 top-1 flex size-4 items-center justify-center rounded-full bg-destructive text-[10px] font-semibold leading-none text-white">
              {unread}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-72" aria-label="Notifications">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <p className="mt-1 text-sm text-muted-foreground">You have no notifications.</p>
      </PopoverContent>
    </Popover>
  );
}

export function TopBar() {
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background px-3 md:px-4">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-1 h-4!" />
      <SearchBox />
      <div className="ml-auto flex items-center gap-1">
        <NotificationBell />
        <AccountMenu />
      </div>
    </header>
  );
}
