import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { kioskPrecache } from './sw/kiosk-precache.ts';
import { MEMBERS_MANIFEST, portalOutDir, portalPrecache } from './sw/portal-precache.ts';

const apiPort = process.env.PORT ?? '3000';
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * Two builds into one dist/ (package.json `build`): the staff app (index.html, the default), then
 * `--mode members`, the members' pages: the portal (portal.html, served for /m/*) and the check-in
 * kiosk (kiosk.html, /kiosk). Apart, so that each is tree-shaken for what it uses: built together,
 * a library both import (the router, the query client) was bundled once with everything the staff
 * app uses of it, and the portal loaded all of it (docs/decisions/0027-portal-bundle.md).
 */
const MEMBERS_MODE = 'members';

function pagesOf(mode: string): Record<string, string> {
  const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));
  return mode === MEMBERS_MODE
    ? { portal: page('./portal.html'), kiosk: page('./kiosk.html') }
    : { index: page('./index.html') };
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // The members' portal's service worker (sw/portal-sw.ts, scope /m/): the portal registers it
    // and links its manifest itself (the manifest is per studio, from the server); the staff app
    // gets neither. Not in the prerender step's SSR build.
    ...(isSsrBuild || mode !== MEMBERS_MODE
      ? []
      : [
          portalOutDir(),
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'sw',
            filename: 'portal-sw.ts',
            injectRegister: false,
            manifest: false,
            injectManifest: {
              rollupFormat: 'iife',
              globPatterns: ['portal.html', 'assets/**/*.{js,css}', 'icons/fitbase-192.png'],
              manifestTransforms: [portalPrecache],
            },
          }),
          // The check-in kiosk's worker (sw/kiosk-sw.ts, scope /kiosk), by a second instance of the
          // same plugin: its own file and precache list (kiosk.html and the kiosk's chunks).
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'sw',
            filename: 'kiosk-sw.ts',
            injectRegister: false,
            manifest: false,
            injectManifest: {
              rollupFormat: 'iife',
              globPatterns: ['kiosk.html', 'assets/**/*.{js,css}'],
              manifestTransforms: [kioskPrecache(outDir)],
            },
          }),
        ]),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    // The members' build adds its pages to the staff app's dist/.
    emptyOutDir: mode !== MEMBERS_MODE,
    sourcemap: false,
    manifest: mode === MEMBERS_MODE ? MEMBERS_MANIFEST : true,
    // Vite 8's name for rollupOptions (kept as a deprecated alias).
    rolldownOptions: {
      input: pagesOf(mode),
      // React in one chunk: shared by the portal and the kiosk (split by the second entry into
      // several small ones, each cost its own gzip overhead on every first load), and cached
      // apart from the staff app's code, which changes more often.
      output: {
        advancedChunks: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
