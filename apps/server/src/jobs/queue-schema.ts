import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { JOB_QUEUES, JOB_SCHEMA } from './job-names.ts';

/**
 * Part of every migration run (`database.migrate()`): pg-boss creates or upgrades its own
 * tables, then every queue of JOB_QUEUES is created with its policy. The tenant role may
 * enqueue (insert a job inside a studio request's transaction) and nothing more.
 */
export async function prepareJobQueue(database: Database): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => {});
  await boss.start();
  for (const [name, policy] of Object.entries(JOB_QUEUES)) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...policy });
  }
  await boss.stop({ graceful: false, wait: true });
  await database.executeSql(
    `GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO fitbase_app;
     GRANT SELECT ON ${JOB_SCHEMA}.queue TO fitbase_app;
     GRANT INSERT, SELECT (id) ON ${JOB_SCHEMA}.job TO fitbase_app;`,
  );
}
