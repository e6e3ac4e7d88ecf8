import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

void createAppRouter().then((router) => {
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // The public pages arrive pre-rendered (scripts/prerender.mjs); every other URL gets the empty shell.
  // Hydrating in a transition lets React yield to the browser every few milliseconds instead of
  // blocking a phone's main thread for the whole page (docs/product/marketing.md).
  if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
});
