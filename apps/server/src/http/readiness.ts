import type { Handler } from 'hono';
import type { Database } from '../db/client.ts';
import { withTimeout } from '../lib/metrics.ts';
import type { AppEnv, Deps } from './types.ts';

/** A check that takes longer than this counts as failed: a probe must answer quickly. */
const CHECK_TIMEOUT_MS = 1000;
/** Answers are reused this long, so a busy balancer's probes cost one query a second. */
const CACHE_MS = 1000;

type CheckState = 'ok' | 'failed' | 'draining';
export interface ReadinessAnswer {
  status: 'ready' | 'not_ready';
  checks: { database: CheckState; jobs: CheckState; realtime: CheckState };
}

/**
 * Whether this process should get traffic (docs/operations.md#health-readiness-and-shutdown):
 * the database answers, the job queue runs (when this process runs one) and the realtime
 * listener is connected; and it is not shutting down.
 */
export class Readiness {
  #draining = false;
  #jobs: (() => boolean) | undefined;
  #cached: { at: number; answer: Promise<ReadinessAnswer> } | undefined;

  constructor(private readonly database: Database) {}

  /** The job runner's state, once this process runs one (main.ts). */
  watchJobs(running: () => boolean): void {
    this.#jobs = running;
    this.#cached = undefined;
  }

  /** SIGTERM: answer 503 from now on, so the balancer stops sending requests here. */
  drain(): void {
    this.#draining = true;
    this.#cached = undefined;
  }

  check(now = performance.now()): Promise<ReadinessAnswer> {
    if (this.#draining) {
      return Promise.resolve({
        status: 'not_ready',
        checks: { database: 'draining', jobs: 'draining', realtime: 'draining' },
      });
    }
    if (this.#cached && now - this.#cached.at < CACHE_MS) return this.#cached.answer;
    const answer = this.#evaluate();
    this.#cached = { at: now, answer };
    return answer;
  }

  async #evaluate(): Promise<ReadinessAnswer> {
    const answered = await withTimeout(this.database.executeSql('select 1'), CHECK_TIMEOUT_MS);
    const checks = {
      database: answered ? 'ok' : 'failed',
      jobs: !this.#jobs || this.#jobs() ? 'ok' : 'failed',
      realtime: (this.database.listening?.() ?? true) ? 'ok' : 'failed',
    } as const;
    const ready = Object.values(checks).every((state) => state === 'ok');
    return { status: ready ? 'ready' : 'not_ready', checks };
  }
}

const readinessByDeps = new WeakMap<Deps, Readiness>();

/** The process's readiness (one per app's dependencies). */
export function readinessOf(deps: Deps): Readiness {
  let readiness = readinessByDeps.get(deps);
  if (!readiness) readinessByDeps.set(deps, (readiness = new Readiness(deps.database)));
  return readiness;
}

/** GET /api/ready: 200 when ready, 503 otherwise; the body says which check failed. */
export function readyHandler(): Handler<AppEnv> {
  return async (c) => {
    const answer = await readinessOf(c.get('deps')).check();
    c.header('cache-control', 'no-store');
    return c.json(answer, answer.status === 'ready' ? 200 : 503);
  };
}
