import { can, type Permission } from '@fitbase/domain/permissions';
import { ChevronRight, Dumbbell } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
  SidebarSeparator,
  useSidebar,
} from '@/components/ui/sidebar';
import { useCurrentOrganization } from '@/lib/session';
import {
  footerNavItems,
  groupContainsPath,
  isCurrentPath,
  mainNavItems,
  type NavItem,
} from './nav-items';

/** On a phone the sidebar is a sheet over the page: close it once a link is followed. */
function useCloseMobileOnNavigate(): () => void {
  const { isMobile, setOpenMobile } = useSidebar();
  return () => {
    if (isMobile) setOpenMobile(false);
  };
}

function NavLinkRow({ item, pathname }: { item: NavItem & { href: string }; pathname: string }) {
  const closeMobile = useCloseMobileOnNavigate();
  const active = isCurrentPath(item.href, pathname);
  const Icon = item.icon;
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
        <Link to={item.href} aria-current={active ? 'page' : undefined} onClick={closeMobile}>
          <Icon aria-hidden />
          <span>{item.title}</span>
        </Link>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

function NavGroupRow({ item, pathname }: { item: NavItem; pathname: string }) {
  const closeMobile = useCloseMobileOnNavigate();
  const { state, isMobile, setOpen: setSidebarOpen } = useSidebar();
  const containsPath = groupContainsPath(item, pathname);
  const [open, setOpen] = useState(Boolean(item.defaultOpen) || containsPath);
  // Following a link into a closed group (e.g. from the search box) opens it; adjusting state
  // during render avoids an extra effect pass.
  const [previousContainsPath, setPreviousContainsPath] = useState(containsPath);
  if (containsPath !== previousContainsPath) {
    setPreviousContainsPath(containsPath);
    if (containsPath) setOpen(true);
  }

  // With the sidebar collapsed to icons the sub-links are hidden, so the group's icon expands
  // the sidebar and the group instead of toggling something invisible.
  const iconOnly = state === 'collapsed' && !isMobile;
  const handleClick = (event: MouseEvent) => {
    if (!iconOnly) return;
    event.preventDefault();
    setSidebarOpen(true);
    setOpen(true);
  };

  const Icon = item.icon;
  return (
    <Collapsible asChild open={open} onOpenChange={setOpen} className="group/collapsible">
      <SidebarMenuItem>
        <CollapsibleTrigger asChild>
          <SidebarMenuButton
            tooltip={item.title}
            // Mark the group when the current page sits inside it but its link is out of sight.
            isActive={containsPath && (!open || iconOnly)}
            onClick={handleClick}
          >
            <Icon aria-hidden />
            <span>{item.title}</span>
            <ChevronRight
              aria-hidden
              className="ml-auto transition-transform duration-200 group-data-[state=open]/collapsible:rotate-90"
            />
          </SidebarMenuButton>
        </CollapsibleTrigger>
        <CollapsibleContent>
          <SidebarMenuSub>
            {(item.items ?? []).map((sub) => {
              const active = isCurrentPath(sub.href, pathname);
              return (
                <SidebarMenuSubItem key={sub.href}>
                  <SidebarMenuSubButton asChild isActive={active}>
                    <Link
                      to={sub.href}
                      aria-current={active ? 'page' : undefined}
                      onClick={closeMobile}
                    >
                      <span>{sub.title}</span>
                    </Link>
                  </SidebarMenuSubButton>
                </SidebarMenuSubItem>
              );
            })}
          </SidebarMenuSub>
        </CollapsibleContent>
      </SidebarMenuItem>
    </Collapsible>
  );
}

function SidebarBrand() {
  const { organization } = useCurrentOrganization();
  return (
    <div className="flex h-12 items-center gap-2 overflow-hidden rounded-md p-2 group-data-[collapsible=icon]:size-8 group-data-[collapsible=icon]:p-0">
      {organization?.logoUrl ? (
        // The studio's own logo (Settings → General); its name is written beside it.
        <img
          src={organization.logoUrl}
          alt=""
          className="size-8 shrink-0 rounded-lg bg-white object-contain"
          data-testid="studio-logo"
        />
      ) : (
        <div className="flex aspect-square size-8 shrink-0 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
          <Dumbbell className="size-4" aria-hidden />
        </div>
      )}
      <div className="grid min-w-0 flex-1 text-left text-sm leading-tight group-data-[collapsible=icon]:hidden">
        <span className="truncate font-semibold">FitBase</span>
        {organization && (
          <span className="truncate text-xs text-sidebar-foreground/70">{organization.name}</span>
        )}
      </div>
    </div>
  );
}

export function AppSidebar() {
  const { pathname } = useLocation();
  const { role } = useCurrentOrganization();
  // Links a role may not open are not shown (trainers and staff have no reports).
  const allowed = (entry: { permission?: Permission }) =>
    !entry.permission || can(role, entry.permission);
  const navItems = mainNavItems
    .filter(allowed)
    .map((item) => (item.items ? { ...item, items: item.items.filter(allowed) } : item));
  return (
    <Sidebar collapsible="icon">
      <SidebarHeader>
        <SidebarBrand />
      </SidebarHeader>
      <SidebarSeparator />
      <SidebarContent>
        <nav aria-label="Main">
          <SidebarGroup>
            <SidebarMenu>
              {navItems.map((item) =>
                item.href ? (
                  <NavLinkRow
                    key={item.title}
                    item={{ ...item, href: item.href }}
                    pathname={pathname}
                  />
                ) : (
                  <NavGroupRow key={item.title} item={item} pathname={pathname} />
                ),
              )}
            </SidebarMenu>
          </SidebarGroup>
        </nav>
      </SidebarContent>
      <SidebarSeparator />
      <SidebarFooter>
        <nav aria-label="Help and settings">
          <SidebarMenu>
            {footerNavItems.map((item) => (
              <NavLinkRow key={item.href} item={item} pathname={pathname} />
            ))}
          </SidebarMenu>
        </nav>
      </SidebarFooter>
    </Sidebar>
  );
}
