import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createPortalQueryClient } from './api/portal-query-client';
import { PortalApp } from './portal-app';
import { linkStudioManifest } from './offline/link-manifest';
import '../styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Installable from any of the studio's pages (the manifest is the studio's own).
linkStudioManifest();

createRoot(root).render(
  <StrictMode>
    <PortalApp router={BrowserRouter} queryClient={createPortalQueryClient()} />
  </StrictMode>,
);
