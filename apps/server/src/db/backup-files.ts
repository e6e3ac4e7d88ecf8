import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Backup files (docs/decisions/0035-backups.md): `fitbase-YYYYMMDD-HHMMSS.tar.gz` for the
 * embedded database (its data folder, PGlite's `dumpDataDir`), `fitbase-YYYYMMDD-HHMMSS.dump`
 * for PostgreSQL (`pg_dump -Fc`), named by the UTC time they were taken so they sort by age.
 */
export type BackupKind = 'pglite' | 'postgres';

const EXTENSIONS: Record<BackupKind, string> = { pglite: '.tar.gz', postgres: '.dump' };
const NAME = /^fitbase-\d{8}-\d{6}(-\d+)?\.(tar\.gz|dump)$/;

/** `YYYYMMDD-HHMMSS` in UTC. */
export function backupStamp(at: Date): string {
  const iso = at.toISOString(); // 2026-11-29T03:40:26.123Z
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
}

/** A new file's path in `dir` (created when missing); never one that exists already. */
export function newBackupPath(dir: string, kind: BackupKind, at = new Date()): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const taken = new Set(readdirSync(dir));
  const base = `fitbase-${backupStamp(at)}`;
  let name = `${base}${EXTENSIONS[kind]}`;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}${EXTENSIONS[kind]}`;
  return path.join(dir, name);
}

/** Deletes the oldest backups of `kind` in `dir` beyond the newest `keep`; returns the deleted. */
export function pruneBackups(dir: string, kind: BackupKind, keep: number): string[] {
  const mine = readdirSync(dir)
    .filter((name) => NAME.test(name) && name.endsWith(EXTENSIONS[kind]))
    .sort();
  const old = mine.slice(0, Math.max(0, mine.length - keep)).map((name) => path.join(dir, name));
  for (const file of old) rmSync(file, { force: true });
  return old;
}

/** What a file holds, by its first bytes: a gzip (embedded) or a pg_dump custom archive. */
export function backupKindOf(head: Uint8Array): BackupKind | undefined {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (new TextDecoder().decode(head.subarray(0, 5)) === 'PGDMP') return 'postgres';
  return undefined;
}
