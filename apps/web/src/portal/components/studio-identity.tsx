import type { PortalStudio } from '@fitbase/domain/contracts/portal';
import { cn } from '@/lib/utils';

/** The studio's logo (when it has one); the name beside or under it is the caller's. */
export function StudioLogo({ studio, className }: { studio: PortalStudio; className?: string }) {
  if (!studio.logoUrl) return null;
  return (
    <img
      src={studio.logoUrl}
      alt=""
      className={cn('size-10 shrink-0 rounded-md object-contain', className)}
    />
  );
}
