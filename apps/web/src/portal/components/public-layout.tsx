import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useStudio } from '../api/get-studio';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { isStudioNotFound } from '../routes/portal-entry-route';
import { leaveTarget } from './framed';
import { StudioNotFound } from './portal-error';
import { StudioLogo } from './studio-identity';

/**
 * The public pages (the schedule, signed out): the studio and `Sign in` on top, no sections and
 * no account menu. The page renders at once (its own call runs beside the studio's).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const slug = usePortalSlug();
  const studio = useStudio();
  if (studio.error) {
    if (isStudioNotFound(studio.error)) return <StudioNotFound />;
    throw studio.error;
  }
  return (
    <div className="min-h-svh bg-background">
      <header className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex max-w-2xl items-center gap-3 px-4 py-3">
          {studio.data ? <StudioLogo studio={studio.data} className="size-8" /> : null}
          <p className="min-w-0 flex-1 truncate font-semibold">{studio.data?.name}</p>
          <Button asChild size="sm">
            <Link to={`/m/${slug}/join`} target={leaveTarget()}>
              Join
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={`/m/${slug}`} target={leaveTarget()}>
              Sign in
            </Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 py-4">{children}</main>
    </div>
  );
}
