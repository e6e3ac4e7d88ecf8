import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MEMBERS_MANIFEST } from './portal-precache.ts';

/**
 * What the kiosk's service worker precaches: kiosk.html and the files the kiosk can load (its
 * entry, every chunk it imports, the QR reader's lazy one too, and their stylesheets), read from
 * Vite's manifest of the build in `outDir`. The staff app's and the portal's chunks are left out.
 */

interface ViteManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** The files of an HTML entry and of everything it imports, statically or lazily. */
export function entryFiles(
  manifest: Record<string, ViteManifestChunk>,
  entry: string,
): Set<string> {
  const files = new Set<string>([entry]);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(entry);
  if (!seen.has(entry)) throw new Error(`Vite's manifest has no ${entry} entry`);
  return files;
}

/** workbox-build's manifest transform for the kiosk: its own files only. */
export function kioskPrecache(outDir: string) {
  return async <T extends { url: string }>(entries: T[]) => {
    const manifest = JSON.parse(
      readFileSync(path.join(outDir, MEMBERS_MANIFEST), 'utf8'),
    ) as Record<string, ViteManifestChunk>;
    const files = entryFiles(manifest, 'kiosk.html');
    return { manifest: entries.filter((entry) => files.has(entry.url)), warnings: [] };
  };
}
