import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { portalOutDir, portalPrecache } from './sw/portal-precache.ts';

const apiPort = process.env.PORT ?? '3000';

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
    // Two pages: the staff app (index.html) and the members' portal (portal.html, served for /m/*).
    // Vite 8's name for rollupOptions (kept as a deprecated alias).
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        portal: fileURLToPath(new URL('./portal.html', import.meta.url)),
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
