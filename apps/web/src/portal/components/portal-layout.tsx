import type { PortalMe } from '@fitbase/domain/contracts/portal';
import { CalendarDays, IdCard, ListChecks, ShoppingBag, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { AccountMenu } from './account-menu';
import { StudioLogo } from './studio-identity';

// Five tabs at 360 px: an icon over a short label on a phone (the row scrolls sideways rather
// than wrap if a font is larger), icon and label side by side from `sm` up.
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-w-16 flex-1 shrink-0 flex-col items-center justify-center gap-0.5 whitespace-nowrap border-b-2 px-1 py-2 text-xs font-medium outline-none transition-colors',
    'sm:flex-row sm:gap-1.5 sm:px-2 sm:py-2.5 sm:text-sm',
    'focus-visible:ring-[3px] focus-visible:ring-inset focus-visible:ring-ring/50',
    isActive
      ? 'border-primary text-foreground'
      : 'border-transparent text-muted-foreground hover:text-foreground',
  );

const NAV = [
  { path: 'schedule', label: 'Schedule', Icon: CalendarDays },
  { path: 'bookings', label: 'My bookings', Icon: ListChecks },
  { path: 'membership', label: 'Membership', Icon: IdCard },
  { path: 'buy', label: 'Buy', Icon: ShoppingBag },
  { path: 'profile', label: 'Profile', Icon: UserRound },
] as const;

/**
 * The signed-in pages: the studio and the member's menu on top, the five sections as a tab bar
 * under it (a thumb's reach on a phone, as wide as the page on a desktop), then the page.
 */
export function PortalLayout({ me, children }: { me: PortalMe; children: ReactNode }) {
  const base = `/m/${usePortalSlug()}`;
  return (
    <div className="min-h-svh bg-background">
      <div className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur">
        <header className="mx-auto flex max-w-2xl items-center gap-3 px-4 pt-3">
          <StudioLogo studio={me.studio} className="size-8" />
          <p className="min-w-0 flex-1 truncate font-semibold">{me.studio.name}</p>
          <AccountMenu me={me} />
        </header>
        <nav aria-label="Portal" className="mx-auto flex max-w-2xl overflow-x-auto px-2">
          {NAV.map(({ path, label, Icon }) => (
            <NavLink key={path} to={`${base}/${path}`} className={navLinkClass}>
              <Icon className="size-4 shrink-0" aria-hidden />
              {label}
            </NavLink>
          ))}
        </nav>
      </div>
      <main className="mx-auto max-w-2xl px-4 py-4">{children}</main>
    </div>
  );
}
