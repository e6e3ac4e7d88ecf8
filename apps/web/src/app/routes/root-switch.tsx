import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { meKey } from '@/lib/query-keys';
import { LoadingScreen } from './route-fallback';

/** The signed-in layout with the studio home: loaded only once a signed-in studio person is known. */
const SignedInHome = lazy(() =>
  import('./signed-in-home').then((m) => ({ default: m.SignedInHome })),
);

type SessionWatcher = ComponentType<{ onChange: (signedInHome: boolean) => void }>;

/**
 * What the cache already knows: a person who reaches `/` from inside the app (the sidebar's
 * Home) gets their home at once, not a glimpse of the landing page. On a fresh page load the
 * cache is empty, so the first render is the pre-rendered landing page and hydration matches.
 */
function cachedSignedInHome(me: unknown): boolean {
  const organizations = (me as { organizations?: unknown[] } | null | undefined)?.organizations;
  return Array.isArray(organizations) && organizations.length > 0;
}

/**
 * `/` (docs/product/dashboards.md#studio-home): the landing page for visitors and for signed-in
 * people without a studio; the studio home inside the signed-in layout for a signed-in person
 * with a current organization.
 *
 * The landing page stays what the build pre-renders and what hydration first renders, and the
 * session code (lib/session, the auth client) is fetched only after hydration, so a visitor's
 * first paint and hydration cost nothing more (docs/product/marketing.md). The watcher sits
 * beside the page, so the landing page is never re-mounted while the session is looked up.
 */
export function withSignedInHome(Landing: ComponentType): ComponentType {
  function RootRoute() {
    const [watcher, setWatcher] = useState<{ Component: SessionWatcher } | null>(null);
    const queryClient = useQueryClient();
    const [signedInHome, setSignedInHome] = useState(() =>
      cachedSignedInHome(queryClient.getQueryData(meKey)),
    );
    useEffect(() => {
      let active = true;
      void import('./session-watcher').then(({ SessionWatcher }) => {
        if (active) setWatcher({ Component: SessionWatcher });
      });
      return () => {
        active = false;
      };
    }, []);
    return (
      <>
        {signedInHome ? (
          <Suspense fallback={<LoadingScreen />}>
            <SignedInHome />
          </Suspense>
        ) : (
          <Landing />
        )}
        {watcher ? <watcher.Component onChange={setSignedInHome} /> : null}
      </>
    );
  }
  return RootRoute;
}
