import type { Deps } from '../http/types.ts';

/** A sweep a NOTIFY wakes: `run()` sweeps now (and once more if woken meanwhile). */
export interface NotifiedSweep {
  run(): Promise<void>;
  stop(): Promise<void>;
}

/** A few milliseconds' wait gathers the commits of a busy moment into one sweep. */
const GATHER_MS = 20;

/**
 * One per server process: LISTENs on `channel` (a trigger's NOTIFY at commit) and runs `sweep`
 * at once, so an outbox row leaves within milliseconds of its commit rather than at the next
 * minute's cron sweep, which stays the guarantee for whatever no process heard (a restart, a
 * lost connection). Used by webhooks (ADR 0034) and receipt emails (ADR 0039).
 */
export async function startNotifiedSweep(
  deps: Deps,
  channel: string,
  sweep: () => Promise<void>,
  failure: string,
): Promise<NotifiedSweep> {
  let running: Promise<void> | undefined;
  let again = false;
  const loop = async () => {
    do {
      again = false;
      try {
        await sweep();
      } catch (error) {
        // The minute's sweep retries; a NOTIFY is only a hint.
        deps.logger.error({ err: error }, failure);
      }
    } while (again);
  };
  const run = () => {
    if (running) {
      again = true;
      return running;
    }
    running = new Promise((resolve) => setTimeout(resolve, GATHER_MS)).then(loop).finally(() => {
      running = undefined;
    });
    return running;
  };
  const unlisten = await deps.database.listen(
    channel,
    () => void run(),
    // Listening again after a lost connection: whatever was notified meanwhile is swept now.
    (listening) => void (listening && run()),
  );
  void run();
  return {
    run,
    async stop() {
      await unlisten();
      await running;
    },
  };
}
