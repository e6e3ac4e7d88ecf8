import {
  closeEndedSessions,
  sendScheduleEmail,
} from '../modules/bookings/bookings-jobs.service.ts';
import {
  sendAutomationEmail,
  tickAutomations,
} from '../modules/automations/automations-engine.service.ts';
import { sendQueuedMessage } from '../modules/conversations/messages-send.service.ts';
import { runCampaignSend } from '../modules/campaigns/campaigns-send.service.ts';
import { runMembershipLifecycle } from '../modules/memberships/memberships-jobs.service.ts';
import {
  runDailySummary,
  sendNotificationEmail,
} from '../modules/notifications/notifications-jobs.service.ts';
import { deliverPushNotification } from '../modules/push-notifications/push-notifications-deliver.service.ts';
import { runBilling, sendPaymentEmail } from '../modules/payments/billing.service.ts';
import { extendHorizons } from '../modules/schedule/schedule-jobs.service.ts';
import { runImportJob } from '../modules/data-import/data-import-job.service.ts';
import { sendExportLinkEmail } from '../modules/data-export/data-export.service.ts';
import { runSalesSummaryCompaction } from '../modules/reports/sales-summary-jobs.service.ts';
import type { JobName } from './job-names.ts';
import type { JobHandler } from './job-queue.ts';

/** What runs each queue of jobs/job-names.ts. Handlers call module services only. */
export const JOB_HANDLERS: Record<JobName, JobHandler> = {
  'schedule.extend-horizon': (_data, { deps }) => extendHorizons(deps, new Date()),
  'schedule.close-sessions': (_data, { deps }) => closeEndedSessions(deps, new Date()),
  'schedule.email': (data, { deps }) => sendScheduleEmail(deps, data),
  'billing.run': async (_data, { deps }) => void (await runBilling(deps, new Date())),
  'payments.email': (data, { deps }) => sendPaymentEmail(deps, data),
  'push.deliver': (data, { deps }) => deliverPushNotification(deps, data),
  'campaigns.send': (data, { deps }) => runCampaignSend(deps, data),
  'memberships.lifecycle': async (_data, { deps }) =>
    void (await runMembershipLifecycle(deps, new Date())),
  'messages.send': (data, { deps }) => sendQueuedMessage(deps, data),
  'automations.tick': async (_data, { deps }) => void (await tickAutomations(deps, new Date())),
  'automations.email': (data, { deps }) => sendAutomationEmail(deps, data),
  'notifications.email': (data, { deps }) => sendNotificationEmail(deps, data),
  'notifications.daily-summary': async (_data, { deps }) =>
    void (await runDailySummary(deps, new Date())),
  'data.import': (data, { deps }) => runImportJob(deps, data),
  'data.export-email': (data, { deps }) => sendExportLinkEmail(deps, data),
  'reports.compact-sales': async (_data, { deps }) => void (await runSalesSummaryCompaction(deps)),
};
