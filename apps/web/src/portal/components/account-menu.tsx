import type { PortalMe } from '@fitbase/domain/contracts/portal';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from './portal-toast';
import { Button } from '@/components/ui/button';
import { portalErrorMessage } from '../api/portal-fetch';
import { useSignOut } from '../api/sign-out';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { usePortalSlug } from '../hooks/use-portal-slug';

/**
 * The member's name, opening `Sign out` and `Sign out everywhere`. A plain disclosure (a button
 * and the panel it shows), so the portal carries no menu library: Escape or a click elsewhere
 * closes it. Signing out empties `me` and goes to the sign-in page (the schedule, public, would
 * otherwise stay on screen).
 */
export function AccountMenu({ me }: { me: PortalMe }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const signOut = useSignOut();
  const signOutEverywhere = useSignOutEverywhere();
  const pending = signOut.isPending || signOutEverywhere.isPending;
  const failed = (error: unknown) => toast.error(portalErrorMessage(error));
  const navigate = useNavigate();
  const entry = `/m/${usePortalSlug()}`;
  // A promise, not mutate's callbacks: the menu unmounts as soon as `me` is emptied.
  const leave = (signingOut: Promise<unknown>) =>
    signingOut.then(() => navigate(entry, { replace: true }), failed);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="max-w-[8rem] truncate">{me.firstName}</span>
        <ChevronDown aria-hidden />
        <span className="sr-only">Account</span>
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-20 mt-1 w-64 space-y-3 rounded-md border bg-popover p-3 text-popover-foreground shadow-md"
      >
        <p className="text-sm">
          <span className="block font-medium">
            {me.firstName} {me.lastName}
          </span>
          <span className="block truncate text-muted-foreground">{me.email ?? ''}</span>
        </p>
        <div className="flex flex-col gap-2">
          <Button
            variant="outline"
            disabled={pending}
            onClick={() => void leave(signOut.mutateAsync())}
          >
            Sign out
          </Button>
          <Button
            variant="ghost"
            disabled={pending}
            onClick={() => void leave(signOutEverywhere.mutateAsync())}
          >
            Sign out everywhere
          </Button>
        </div>
      </div>
    </div>
  );
}
