import type { PortalMe } from '@fitbase/domain/contracts/portal';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { AccountMenu } from './account-menu';
import { StudioLogo } from './studio-identity';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex flex-1 items-center justify-center whitespace-nowrap border-b-2 px-2 py-2.5 text-sm font-medium outline-none transition-colors',
    'focus-visible:ring-[3px] focus-visible:ring-ring/50',
    isActive
      ? 'border-primary text-foreground'
      : 'border-transparent text-muted-foreground hover:text-foreground',
  );

/**
 * The signed-in pages: the studio and the member's menu on top, the three sections as a tab bar
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
        <nav aria-label="Portal" className="mx-auto flex max-w-2xl px-2">
          <NavLink to={`${base}/schedule`} className={navLinkClass}>
            Schedule
          </NavLink>
          <NavLink to={`${base}/bookings`} className={navLinkClass}>
            My bookings
          </NavLink>
          <NavLink to={`${base}/membership`} className={navLinkClass}>
            Membership
          </NavLink>
        </nav>
      </div>
      <main className="mx-auto max-w-2xl px-4 py-4">{children}</main>
    </div>
  );
}
