import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Input } from '@/components/ui/input';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { AccountMenu } from './account-menu';
import { CommandPalette } from './command-palette';
import { NotificationBell } from './notification-bell';

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

export function TopBar() {
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background px-3 md:px-4">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-1 h-4!" />
      <SearchBox />
      <CommandPalette />
      <div className="ml-auto flex items-center gap-1">
        <NotificationBell />
        <AccountMenu />
      </div>
    </header>
  );
}
