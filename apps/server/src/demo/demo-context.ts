import type { Db, Tx } from '../db/client.ts';
import type { Deps, StudioScope } from '../http/types.ts';
import { AppError } from '../lib/errors.ts';
import type { DemoClock } from './demo-clock.ts';
import type { DemoMailSink } from './demo-mail.ts';
import type { DemoSize } from './demo-options.ts';
import type { Chance } from './demo-random.ts';
import { actAs, type DemoPerson } from './demo-scope.ts';

export interface DemoTeam {
  owner: DemoPerson;
  admin: DemoPerson;
  trainers: DemoPerson[];
  frontDesk: DemoPerson;
}

/** Everything a step of the demo works with. */
export interface DemoContext {
  deps: Deps;
  organizationId: string;
  slug: string;
  clock: DemoClock;
  chance: Chance;
  size: DemoSize;
  team: DemoTeam;
  sink: DemoMailSink;
  tally: DemoTally;
  /** Whether what the demo does now is audited: only today's actions are (demo-scope.ts). */
  audited: boolean;
  /** Outcomes of advance bookings take turns (demo-attendance.ts), the first of each first. */
  turns: { bookings: number; early: boolean; late: boolean };
}

/**
 * What the demo did, by kind ("members", "bookings", ...), and what the services refused
 * (a full class, a weekly limit reached, a declined card), by kind and error code: a refusal is
 * the studio's rules at work, as it would be for a person at the desk.
 */
export interface DemoTally {
  made: Record<string, number>;
  refused: Record<string, number>;
}

export const newTally = (): DemoTally => ({ made: {}, refused: {} });

export function count(ctx: Pick<DemoContext, 'tally'>, kind: string, n = 1): void {
  ctx.tally.made[kind] = (ctx.tally.made[kind] ?? 0) + n;
}

/** PostgreSQL's answer to two transactions that wait on each other: try again. */
function isDeadlock(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * `work` as `person`, in a unit of work of its own (or a savepoint of `within`). Events that
 * run side by side on PostgreSQL may meet on a summary row; the one PostgreSQL picks to stop is
 * run again, as a client would retry it.
 */
export async function act<T>(
  ctx: DemoContext,
  person: DemoPerson,
  work: (scope: StudioScope) => Promise<T>,
  within?: Tx,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await actAs(
        within ?? (ctx.deps.database.db as Db),
        ctx.organizationId,
        person,
        work,
        ctx.audited,
      );
    } catch (error) {
      if (attempt >= 4 || within || !isDeadlock(error)) throw error;
    }
  }
}

/**
 * Runs a step a service may refuse: an AppError (the studio's rule) is counted and answered
 * with null, as a person would move on; anything else is a bug and stops the demo.
 */
export async function attempt<T>(
  ctx: DemoContext,
  kind: string,
  work: () => Promise<T>,
): Promise<T | null> {
  try {
    const result = await work();
    count(ctx, kind);
    return result;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const key = `${kind}: ${error.code}`;
    ctx.tally.refused[key] = (ctx.tally.refused[key] ?? 0) + 1;
    return null;
  }
}
