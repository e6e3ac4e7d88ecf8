import { Search } from 'lucide-react';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { AccountMenu } from './account-menu';
import { CommandPalette } from './command-palette';
import { NotificationBell } from './notification-bell';

/**
 * The top bar search box opens the command palette (docs/product/layout.md#top-bar) on click or
 * focus; the palette searches every kind and keeps "Search members for '…'" for the directory.
 * The box itself is read-only: typing happens in the palette, which takes focus when it opens.
 */
function SearchBox({ onOpen }: { onOpen: () => void }) {
  return (
    <div role="search" className="relative w-full max-w-md min-w-0 flex-1">
      <Search
        className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        name="search"
        aria-label="Search FitBase"
        aria-haspopup="dialog"
        placeholder="Search FitBase..."
        readOnly
        value=""
        onFocus={onOpen}
        onClick={onOpen}
        className="cursor-pointer pl-8"
      />
    </div>
  );
}

export function TopBar() {
  const [paletteOpen, setPaletteOpen] = useState(false);
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background px-3 md:px-4">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-1 h-4!" />
      <SearchBox onOpen={() => setPaletteOpen(true)} />
      <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} />
      <div className="ml-auto flex items-center gap-1">
        <NotificationBell />
        <AccountMenu />
      </div>
    </header>
  );
}
