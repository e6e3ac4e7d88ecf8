import { defineJob, noPayload } from '../../jobs/define-job.ts';

/** The jobs of reports (handler: sales-summary-jobs.service.ts). */

/** Cron: merges the daily sales summary's deltas. */
export const compactSalesJob = defineJob('reports.compact-sales', noPayload);
