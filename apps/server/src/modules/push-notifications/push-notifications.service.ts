import type {
  PushNotification,
  PushNotificationList,
  pushNotificationInputSchema,
  pushNotificationListQuerySchema,
} from '@fitbase/domain/contracts/push-notifications';
import type { z } from 'zod';
import { decodeCursor, toPage } from '../../db/keyset.ts';
import type { StudioScope } from '../../http/types.ts';
import { enqueueJobs } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/errors.ts';
import { audienceMemberIdsSql } from '../audiences/audiences.service.ts';
import { studioSender } from '../../context/studio-sender.ts';
import { requirePostalAddress } from '../campaigns/unsubscribe.service.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { pushDeliverJob } from './push-notifications.jobs.ts';
import * as queries from './push-notifications.queries.ts';

/**
 * Push notifications (docs/product/connect-and-messaging.md#push-notifications). Web Push needs a
 * member's permission, given in the member portal; no portal exists yet, so no member has given
 * it and every copy goes by email (`push.deliver`, one job per member).
 */

type Input = z.output<typeof pushNotificationInputSchema>;
type ListQuery = z.output<typeof pushNotificationListQuerySchema>;
type Scope = Pick<StudioScope, 'organizationId' | 'userId' | 'db'>;

type Row = NonNullable<Awaited<ReturnType<typeof queries.findNotification>>>;

function serialize(row: Row): PushNotification {
  return {
    id: row.id,
    message: row.message,
    audienceId: row.audienceId,
    audienceName: row.audienceName,
    isMarketing: row.isMarketing,
    recipientCount: row.recipientCount,
    pushCount: row.pushCount,
    emailCount: row.emailCount,
    sentByName: row.sentByName,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPushNotifications(
  scope: Scope,
  query: ListQuery,
): Promise<PushNotificationList> {
  const rows = await queries.listNotifications(scope.db, scope.organizationId, {
    after: decodeCursor(query.cursor, 'uuid'),
    limit: query.limit + 1,
  });
  return toPage(rows, query.limit, serialize);
}

/**
 * Fixes the recipients now (consent applied for marketing), stores the notification with its
 * reach and enqueues one delivery per member, all in one transaction: either everything is on
 * record and queued, or nothing is.
 */
export async function sendPushNotification(
  scope: Scope & Pick<StudioScope, 'work'>,
  input: Input,
): Promise<PushNotification> {
  const { organizationId } = scope;
  return scope.db.transaction(async (tx) => {
    const sender = await studioSender(tx, organizationId);
    if (input.isMarketing) requirePostalAddress(sender);
    const groupIds = input.audienceId
      ? await audienceMemberIdsSql(tx, organizationId, input.audienceId)
      : null;
    const reached = await queries.recipients(tx, organizationId, {
      groupIds,
      marketing: input.isMarketing,
    });
    const pushCount = reached.filter((r) => r.push).length;
    if (reached.length === 0)
      throw new AppError(
        'conflict',
        input.isMarketing
          ? 'Nobody would receive this notification: no member here has agreed to marketing messages.'
          : 'Nobody would receive this notification: there are no members with an email address here.',
      );
    const row = await queries.insertNotification(tx, organizationId, {
      message: input.message,
      audienceId: input.audienceId,
      isMarketing: input.isMarketing,
      recipientCount: reached.length,
      pushCount,
      emailCount: reached.length - pushCount,
      sentBy: scope.userId,
    });
    await enqueueJobs(
      scope.work,
      pushDeliverJob,
      reached.map(({ id: memberId, push }) => ({
        data: {
          organizationId,
          notificationId: row.id,
          memberId,
          channel: push ? ('push' as const) : ('email' as const),
        },
        singletonKey: `${row.id}:${memberId}`,
      })),
    );
    publishChange(scope.work, {
      organizationId,
      entity: 'notifications',
      action: 'created',
      ids: [row.id],
    });
    const saved = await queries.findNotification(tx, organizationId, row.id);
    return serialize(saved!);
  });
}
