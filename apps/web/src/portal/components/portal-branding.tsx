import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useBrandColours } from '@/lib/brand-colours';
import { useStudio } from '../api/get-studio';
import { PageTitleContext } from './page-title';

/**
 * Every portal page in the studio's colours (Settings › General), signed in or out, framed or
 * not, and titled with the studio's name ("Schedule – {studio}"): the studio's own app, not
 * FitBase's (docs/product/member-portal.md#the-studios-brand).
 */
export function PortalBranding() {
  const { data: studio } = useStudio();
  useBrandColours(studio?.primaryColor ?? null, studio?.secondaryColor ?? null);
  // The open page names itself (PortalPage's `title`); a page without a name leaves the studio's.
  const { pathname } = useLocation();
  const [titled, setTitled] = useState<{ pathname: string; title: string } | null>(null);
  const page = titled?.pathname === pathname ? titled.title : null;
  const nameThisPage = useCallback((title: string) => setTitled({ pathname, title }), [pathname]);
  useEffect(() => {
    if (!studio) return;
    document.title = page ? `${page} – ${studio.name}` : studio.name;
  }, [page, studio]);
  return (
    <PageTitleContext.Provider value={nameThisPage}>
      <Outlet />
    </PageTitleContext.Provider>
  );
}
