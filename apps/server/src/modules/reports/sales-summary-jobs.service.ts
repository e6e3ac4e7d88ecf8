import type { Deps } from '../../http/types.ts';
import { compactSalesSummary } from './sales-report.sql.ts';

/**
 * Merges the daily sales summary's deltas (docs/product/reports-and-analytics.md#speed): every
 * ledger statement appends one signed row per day and key, so a busy counter grows by one row a
 * sale until this runs. Totals are the same before and after; only the number of rows a report
 * reads shrinks. Safe to run twice at once (the migration's function says why).
 */
export async function runSalesSummaryCompaction(deps: Pick<Deps, 'database'>): Promise<number> {
  return compactSalesSummary(deps.database.db);
}
