import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../env.ts';

/** A free TCP port on 127.0.0.1 (asked of the OS, then released for the server to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  /** The launcher's process id (tsx runs the server in a child of it). */
  pid: number;
  stop: () => Promise<void>;
}

/**
 * The real server (apps/server/src/main.ts, what `npm start` runs) in its own process, so
 * the benchmark's clients do not share its event loop. Same configuration as the parent.
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  options: { script?: string; healthPath?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const tsx = path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');
  const script = options.script ?? path.join(REPO_ROOT, 'apps/server/src/main.ts');
  const healthPath = options.healthPath ?? '/api/health';
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": Node flags for the
  // server alone (NODE_OPTIONS refuses --cpu-prof, and would profile the load generator too).
  // tsx's CLI runs the script in a child process, so flags go to a node that imports tsx.
  const nodeArgs = (env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = nodeArgs.length > 0 ? [...nodeArgs, '--import', 'tsx', script] : [tsx, script];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    // No drain delay on stop (SHUTDOWN_DRAIN_MS): no balancer is watching /api/ready here.
    env: {
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
      PORT: String(port),
      APP_URL: url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with code ${child.exitCode} before answering`);
    try {
      if ((await fetch(`${url}${healthPath}`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`The server did not answer ${healthPath} within 60 s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
