import { Building2, LogOut, Settings, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useCurrentOrganization, useMe, useSignOut, useSwitchOrganization } from '@/lib/session';
import { reportError, reportProblem } from '@/lib/report-error';

const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** Up to two initials from the full name, else the first letter of the email. */
function initialsOf(fullName: string | null | undefined, email: string | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const initials = words
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  return (initials || email?.[0] || '?').toUpperCase();
}

export function AccountMenu() {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const { organization, organizations } = useCurrentOrganization();
  const switchOrganization = useSwitchOrganization();
  const signOut = useSignOut();

  const fullName = me?.user.fullName ?? null;
  const email = me?.user.email;
  const initials = initialsOf(fullName, email);

  const handleSwitch = (organizationId: string) => {
    if (organizationId === organization?.id) return;
    switchOrganization.mutate(organizationId, {
      // Error toasts are titled Error (docs/product/foundation.md#toasts-and-errors); success needs
      // no toast, the page refreshes.
      onError: () => reportProblem('Error', UNEXPECTED_ERROR),
    });
  };

  const handleSignOut = async () => {
    try {
      // mutateAsync, not mutate: signing out clears the session, the route guard unmounts this
      // menu, and mutate's per-call callbacks would then never run.
      await signOut.mutateAsync();
    } catch (error) {
      // Signing out fails with the auth client's own words.
      reportError(error, { message: error instanceof Error ? error.message : UNEXPECTED_ERROR });
      return;
    }
    void navigate('/auth', { replace: true });
    toast.success('Signed out', { description: 'You can now sign in to a different account.' });
  };

  return (
    <DropdownMenu>
      {/* The name starts with the visible initials, so a speech-input user can say what they
          see (WCAG 2.5.3 Label in Name, axe `label-content-name-mismatch`). */}
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="rounded-full"
          aria-label={`${initials} Account menu`}
        >
          <Avatar className="size-8">
            <AvatarFallback className="bg-primary/10 text-xs text-primary">
              {initials}
            </AvatarFallback>
          </Avatar>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>My Account</DropdownMenuLabel>
        {email && (
          <div className="grid px-2 pb-1.5 text-xs leading-tight">
            {fullName && <span className="truncate font-medium">{fullName}</span>}
            <span className="truncate text-muted-foreground">{email}</span>
          </div>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {/* Profile is the person's own account: password, sessions, two-factor. */}
          <DropdownMenuItem onSelect={() => void navigate('/settings?tab=security')}>
            <User aria-hidden />
            Profile
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void navigate('/settings')}>
            <Settings aria-hidden />
            Settings
          </DropdownMenuItem>
        </DropdownMenuGroup>
        {organizations.length > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel className="flex items-center gap-2 text-xs font-normal text-muted-foreground">
              <Building2 className="size-3.5" aria-hidden />
              Organizations
            </DropdownMenuLabel>
            <DropdownMenuRadioGroup value={organization?.id ?? ''} onValueChange={handleSwitch}>
              {organizations.map((o) => (
                <DropdownMenuRadioItem
                  key={o.id}
                  value={o.id}
                  disabled={switchOrganization.isPending}
                >
                  <span className="truncate">{o.name}</span>
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void handleSignOut()} disabled={signOut.isPending}>
          <LogOut aria-hidden />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
