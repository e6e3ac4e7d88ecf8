import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useBrandColours } from '@/lib/brand-colours';
import { useStudio } from '../api/get-studio';

/** A portal route's page name for the window title (`handle: { title }`). */
function pageTitle(matches: ReturnType<typeof useMatches>): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]!.handle as { title?: string } | undefined)?.title;
    if (title) return title;
  }
  return null;
}

/**
 * Every portal page in the studio's colours (Settings › General), signed in or out, framed or
 * not, and titled with the studio's name ("Schedule – {studio}"): the studio's own app, not
 * FitBase's (docs/product/member-portal.md#the-studios-brand).
 */
export function PortalBranding() {
  const { data: studio } = useStudio();
  useBrandColours(studio?.primaryColor ?? null, studio?.secondaryColor ?? null);
  const page = pageTitle(useMatches());
  useEffect(() => {
    if (!studio) return;
    document.title = page ? `${page} – ${studio.name}` : studio.name;
  }, [page, studio]);
  return <Outlet />;
}
