import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { openDatabase } from './client.ts';

/** The realtime listener's drops and reconnects reach the log (issue 31, point 8). */
describe.runIf(process.env.DATABASE_URL)('realtime listener (PostgreSQL)', () => {
  it('logs losing its connection and reconnecting, and says when it is down', async () => {
    const { database: admin, url, drop } = await openTestDatabase();
    const lines: Array<{ level: number; msg: string; reason?: string }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line));
        done();
      },
    });
    const database = await openDatabase({
      databaseUrl: url!,
      logger: pino({ level: 'info' }, sink),
    });
    const states: boolean[] = [];
    try {
      await database.listen(
        'fitbase_events',
        () => {},
        (listening) => states.push(listening),
      );
      expect(database.listening?.()).toBe(true);
      await admin.executeSql(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN %'`,
      );
      const deadline = Date.now() + 10_000;
      while (!states.includes(false) && Date.now() < deadline) await sleep(20);
      expect(database.listening?.()).toBe(false);
      while (!states.includes(true) && Date.now() < deadline) await sleep(50);
      expect(states).toEqual([false, true]);
      expect(database.listening?.()).toBe(true);
      expect(lines.map((line) => [line.level, line.msg])).toEqual([
        [40, 'Realtime listener connection lost: reconnecting'],
        [30, 'Realtime listener reconnected'],
      ]);
      expect(lines[0]?.reason).toEqual(expect.any(String));
    } finally {
      await database.close();
      await drop();
    }
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
