import { openDatabase } from '../../db/client.ts';
import { runBilling } from '../../use-cases/billing-run.ts';

/**
 * The crash test's worker (billing.test.ts, PostgreSQL only): runs the billing of one studio with
 * FITBASE_BILLING_FAULT=kill-after-provider, so the process SIGKILLs itself after the processor
 * answered and before the ledger is settled.
 */
const [organizationId, now] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL! });
await runBilling({ database }, new Date(now!), { organizationId });
await database.close();
