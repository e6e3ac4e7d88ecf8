import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppShell } from './app/app';
import { routes } from './app/router';

/** The public pages pre-rendered at build time (scripts/prerender.mjs); see docs/product/marketing.md. */
export const PRERENDERED_PATHS = ['/', '/trial-request', '/auth'] as const;

/**
 * Renders one route to HTML, as the browser's first render will see it: signed out, no data.
 * `hydrate={false}`: the router's hydration data would be an inline script, which the CSP
 * refuses; the browser loads the matched lazy routes before hydrating instead.
 */
export async function render(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppShell>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppShell>
    </StrictMode>,
  );
}
