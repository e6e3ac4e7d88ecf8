import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * What the portal's service worker precaches: portal.html and the files the portal can load
 * (its entry, every chunk it imports, lazily too, such as the QR code's, and their stylesheets),
 * read from Vite's manifest of the build. The staff app's chunks share the assets folder and
 * are left out; so are the pre-rendered staff pages.
 */
let outDir: string | null = null;

/** Vite's manifest of the members' build (portal and kiosk), beside the staff app's own. */
export const MEMBERS_MANIFEST = '.vite/manifest-members.json';

/** Remembers the build's output folder, where the transform below finds Vite's manifest. */
export function portalOutDir(): Plugin {
  return {
    name: 'fitbase-portal-out-dir',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
  };
}

interface ViteManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** The files of the portal's entry and of everything it imports, statically or lazily. */
export function portalFiles(manifest: Record<string, ViteManifestChunk>): Set<string> {
  const files = new Set<string>(['portal.html']);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit('portal.html');
  if (!seen.has('portal.html')) throw new Error("Vite's manifest has no portal.html entry");
  return files;
}

/** workbox-build's manifest transform: keeps the portal's files (and the app icon) only. */
export async function portalPrecache<T extends { url: string }>(entries: T[]) {
  if (!outDir) throw new Error('portalOutDir() is not among the plugins');
  const manifest = JSON.parse(readFileSync(path.join(outDir, MEMBERS_MANIFEST), 'utf8')) as Record<
    string,
    ViteManifestChunk
  >;
  const files = portalFiles(manifest);
  return {
    manifest: entries.filter((entry) => files.has(entry.url) || entry.url.startsWith('icons/')),
    warnings: [],
  };
}
