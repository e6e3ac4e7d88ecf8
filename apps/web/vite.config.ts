import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { kioskPrecache } from './sw/kiosk-precache.ts';
import { portalOutDir, portalPrecache } from './sw/portal-precache.ts';

const apiPort = process.env.PORT ?? '3000';
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // The members' portal's service worker (sw/portal-sw.ts, scope /m/): the portal registers it
    // and links its manifest itself (the manifest is per studio, from the server); the staff app
    // gets neither. Not in the prerender step's SSR build.
    ...(isSsrBuild
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
    sourcemap: false,
    manifest: true,
    // Three pages: the staff app (index.html), the members' portal (portal.html, served for /m/*)
    // and the check-in kiosk (kiosk.html, served for /kiosk).
    // Vite 8's name for rollupOptions (kept as a deprecated alias).
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        portal: fileURLToPath(new URL('./portal.html', import.meta.url)),
        kiosk: fileURLToPath(new URL('./kiosk.html', import.meta.url)),
      },
      // What both pages load (React, the router, the query client) in one chunk: split by the
      // second entry into several small ones, each cost its own gzip overhead on every first load.
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
