import { createHash } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from '../lib/logger.ts';
import { writeEmbeddedBackup } from './backup-embedded.ts';
import type { Database } from './client.ts';

/**
 * `npm run backup` while a server holds the embedded database (one process may open it,
 * db/embedded-lock.ts): the command asks that server, over a Unix socket in the data folder,
 * to write the copy (docs/decisions/0035-backups.md). The socket is the data folder's owner's
 * alone (mode 0600), the same boundary as the database files; it offers one request and no
 * network port.
 */

/** The socket's path: in the data folder, or in the temporary folder when that path is too long. */
export function controlSocketPath(dataDir: string): string {
  const inFolder = path.join(dataDir, 'control.sock');
  // Unix socket paths are limited to about 104 bytes (macOS) or 108 (Linux).
  if (Buffer.byteLength(inFolder) < 100) return inFolder;
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `fitbase-${hash}.sock`);
}

interface Request {
  backup: { dir: string };
}
type Reply = { file: string } | { error: string };

/** Listens for backup requests; the caller holds the data folder's lock. */
export async function startBackupControl(
  database: Database,
  dataDir: string,
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  const socketPath = controlSocketPath(dataDir);
  // A socket file left by a process that died: we hold the folder's lock, so it is not live.
  rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let input = '';
    let answered = false;
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      if (answered) return;
      input += chunk;
      if (input.length > 10_000) return void socket.destroy();
      if (!input.includes('\n')) return;
      answered = true;
      void answer(input.slice(0, input.indexOf('\n'))).then((reply) =>
        socket.end(`${JSON.stringify(reply)}\n`),
      );
    });
  });
  async function answer(line: string): Promise<Reply> {
    try {
      const request = JSON.parse(line) as Request;
      if (typeof request?.backup?.dir !== 'string') return { error: 'Unknown request' };
      const file = await writeEmbeddedBackup(database, request.backup.dir);
      logger.info({ file }, 'backup written (asked by npm run backup)');
      return { file };
    } catch (error) {
      logger.error({ err: error }, 'backup failed');
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socketPath, { force: true });
      }),
  };
}

/** Asks the server holding `dataDir` to write a backup into `dir`; returns the file's path. */
export function requestBackup(dataDir: string, dir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(controlSocketPath(dataDir));
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ backup: { dir } })}\n`));
    socket.on('data', (chunk: string) => (output += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `The server holding the embedded database did not answer on ${controlSocketPath(dataDir)} (${error.code ?? error.message}); a server older than this command cannot be asked: stop it and run the command again`,
        ),
      ),
    );
    socket.on('end', () => {
      try {
        const reply = JSON.parse(output) as Reply;
        if ('file' in reply) resolve(reply.file);
        else reject(new Error(reply.error));
      } catch {
        reject(new Error('The server gave no answer to the backup request'));
      }
    });
  });
}
