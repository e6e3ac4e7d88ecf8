import { giftCardEmailJob } from '../modules/gift-cards/gift-cards.jobs.ts';
import { sendGiftCardEmail } from '../modules/gift-cards/gift-cards.mail.ts';
import {
  closeEndedSessions,
  queueClassReminders,
  sendScheduleEmail,
} from '../modules/bookings/bookings-jobs.service.ts';
import { closeSessionsJob, remindJob } from '../modules/bookings/bookings.jobs.ts';
import { scheduleEmailJob } from '../modules/schedule/schedule.jobs.ts';
import {
  sendAutomationEmail,
  tickAutomations,
} from '../modules/automations/automations-engine.service.ts';
import { automationEmailJob, automationsTickJob } from '../modules/automations/automations.jobs.ts';
import { sendQueuedMessage } from '../modules/conversations/messages-send.service.ts';
import { messageSendJob } from '../modules/conversations/conversations.jobs.ts';
import { runCampaignSend } from '../modules/campaigns/campaigns-send.service.ts';
import { campaignSendJob } from '../modules/campaigns/campaigns.jobs.ts';
import { runMembershipLifecycle } from '../modules/memberships/memberships-jobs.service.ts';
import {
  membershipEmailJob,
  membershipLifecycleJob,
} from '../modules/memberships/memberships.jobs.ts';
import { sendMembershipEmail } from '../modules/memberships/membership-mail.ts';
import { sendReceiptEmail, sweepReceiptEmails } from '../modules/receipts/receipts-mail.ts';
import { receiptEmailJob, receiptEmailSweepJob } from '../modules/receipts/receipts.jobs.ts';
import { sendWaiverEmail } from '../modules/waivers/waiver-mail.ts';
import { waiverEmailJob } from '../modules/waivers/waivers.jobs.ts';
import { sendNotificationEmail } from '../modules/notifications/notifications-jobs.service.ts';
import {
  dailySummaryJob,
  notificationEmailJob,
} from '../modules/notifications/notifications.jobs.ts';
import { deliverPushNotification } from '../modules/push-notifications/push-notifications-deliver.service.ts';
import { pushDeliverJob } from '../modules/push-notifications/push-notifications.jobs.ts';
import { sendPaymentEmail } from '../modules/payments/billing.service.ts';
import { billingRunJob, paymentEmailJob } from '../modules/payments/payments.jobs.ts';
import { extendHorizons } from '../modules/schedule/schedule-jobs.service.ts';
import { extendHorizonJob } from '../modules/schedule/schedule.jobs.ts';
import { runImportJob } from '../modules/data-import/data-import-job.service.ts';
import { importJob } from '../modules/data-import/data-import.jobs.ts';
import { sendExportLinkEmail } from '../modules/data-export/data-export.service.ts';
import { exportEmailJob } from '../modules/data-export/data-export.jobs.ts';
import { runSalesSummaryCompaction } from '../modules/reports/sales-summary-jobs.service.ts';
import { compactSalesJob } from '../modules/reports/reports.jobs.ts';
import { sweepWebhookEvents } from '../modules/webhooks/webhooks-dispatch.service.ts';
import { deliverWebhook } from '../modules/webhooks/webhooks-deliver.service.ts';
import { sendWebhookDisabledEmail } from '../modules/webhooks/webhooks-mail.ts';
import {
  webhookDeliverJob,
  webhookDispatchJob,
  webhookEmailJob,
} from '../modules/webhooks/webhooks.jobs.ts';
import { backupJob, runScheduledBackup } from '../db/backup-job.ts';
import type { JobName } from './job-names.ts';
import { handleJob, type JobHandler } from './job-queue.ts';
import { runBilling } from '../use-cases/billing-run.ts';
import { runDailySummary } from '../use-cases/daily-summary.ts';

/**
 * What runs each queue of jobs/job-names.ts: each with its job's definition (the module's
 * `*.jobs.ts`), so the handler gets the parsed payload. Handlers call a module's service, or a
 * use case where the job's work combines modules (the billing run, the daily summary).
 */
export const JOB_HANDLERS: Record<JobName, JobHandler> = {
  'schedule.extend-horizon': handleJob(extendHorizonJob, (_data, { deps }) =>
    extendHorizons(deps, new Date()),
  ),
  'schedule.close-sessions': handleJob(closeSessionsJob, (_data, { deps }) =>
    closeEndedSessions(deps, new Date()),
  ),
  'schedule.email': handleJob(scheduleEmailJob, (data, { deps }) => sendScheduleEmail(deps, data)),
  'bookings.remind': handleJob(remindJob, (_data, { deps }) =>
    queueClassReminders(deps, new Date()),
  ),
  'billing.run': handleJob(
    billingRunJob,
    async (_data, { deps }) => void (await runBilling(deps, new Date())),
  ),
  'payments.email': handleJob(paymentEmailJob, (data, { deps }) => sendPaymentEmail(deps, data)),
  'push.deliver': handleJob(pushDeliverJob, (data, { deps }) =>
    deliverPushNotification(deps, data),
  ),
  'campaigns.send': handleJob(campaignSendJob, (data, { deps }) => runCampaignSend(deps, data)),
  'memberships.lifecycle': handleJob(
    membershipLifecycleJob,
    async (_data, { deps }) => void (await runMembershipLifecycle(deps, new Date())),
  ),
  'memberships.email': handleJob(membershipEmailJob, (data, { deps }) =>
    sendMembershipEmail(deps, data),
  ),
  'receipts.email-sweep': handleJob(
    receiptEmailSweepJob,
    async (_data, { deps }) => void (await sweepReceiptEmails(deps)),
  ),
  'receipts.email': handleJob(receiptEmailJob, (data, { deps }) => sendReceiptEmail(deps, data)),
  'waivers.email': handleJob(waiverEmailJob, (data, { deps }) => sendWaiverEmail(deps, data)),
  'messages.send': handleJob(messageSendJob, (data, { deps }) => sendQueuedMessage(deps, data)),
  'automations.tick': handleJob(
    automationsTickJob,
    async (_data, { deps }) => void (await tickAutomations(deps, new Date())),
  ),
  'automations.email': handleJob(automationEmailJob, (data, { deps }) =>
    sendAutomationEmail(deps, data),
  ),
  'notifications.email': handleJob(notificationEmailJob, (data, { deps }) =>
    sendNotificationEmail(deps, data),
  ),
  'notifications.daily-summary': handleJob(
    dailySummaryJob,
    async (_data, { deps }) => void (await runDailySummary(deps, new Date())),
  ),
  'data.import': handleJob(importJob, (data, { deps }) => runImportJob(deps, data)),
  'data.export-email': handleJob(exportEmailJob, (data, { deps }) =>
    sendExportLinkEmail(deps, data),
  ),
  'reports.compact-sales': handleJob(
    compactSalesJob,
    async (_data, { deps }) => void (await runSalesSummaryCompaction(deps)),
  ),
  'backup.create': handleJob(backupJob, (_data, { deps, log }) => runScheduledBackup(deps, log)),
  'webhooks.dispatch': handleJob(webhookDispatchJob, (_data, { deps }) =>
    sweepWebhookEvents(deps, new Date()),
  ),
  'webhooks.deliver': handleJob(webhookDeliverJob, (data, { deps }) => deliverWebhook(deps, data)),
  'webhooks.email': handleJob(webhookEmailJob, (data, { deps }) =>
    sendWebhookDisabledEmail(deps, data),
  ),
  'gift-cards.email': handleJob(giftCardEmailJob, (data, { deps }) =>
    sendGiftCardEmail(deps, data),
  ),
};
