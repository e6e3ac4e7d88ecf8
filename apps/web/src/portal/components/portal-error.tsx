import { Button } from '@/components/ui/button';
import { portalErrorMessage } from '../api/portal-fetch';

/** The error element of every portal route: what went wrong and a way to try again. */
export function PortalRouteError({ error }: { error: unknown }) {
  const message = portalErrorMessage(error);
  return (
    <main className="mx-auto flex min-h-svh max-w-md flex-col justify-center gap-4 p-6">
      <div role="alert" className="space-y-2">
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="text-muted-foreground">{message}</p>
      </div>
      <div>
        <Button type="button" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </div>
    </main>
  );
}

/** An unknown studio address (or none at all). */
export function StudioNotFound() {
  return (
    <main className="mx-auto flex min-h-svh max-w-md flex-col justify-center gap-2 p-6">
      <h1 className="text-xl font-semibold">Studio not found</h1>
      <p className="text-muted-foreground">
        Check the link from your studio: this address belongs to no studio.
      </p>
    </main>
  );
}

/** While the first answer is on its way. */
export function PortalLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="p-6 text-center text-sm text-muted-foreground">
      {label}
    </p>
  );
}
