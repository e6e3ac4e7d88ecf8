import { Loader2 } from 'lucide-react';

/** The 'Loading...' spinner of the route guard (docs/product/foundation.md#route-guard). */
export function LoadingScreen() {
  return (
    <div
      role="status"
      className="flex min-h-svh items-center justify-center gap-2 text-muted-foreground"
    >
      <Loader2 className="size-5 animate-spin" aria-hidden />
      <span>Loading...</span>
    </div>
  );
}
