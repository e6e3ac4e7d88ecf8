import { settingsKeys } from '@/lib/query-keys';

/** Settings › Webhooks: the endpoints and each one's attempts, under the settings keys. */
export const webhookKeys = {
  list: (organizationId: string) => [...settingsKeys.all(organizationId), 'webhooks'] as const,
  attempts: (organizationId: string, endpointId: string) =>
    [...settingsKeys.all(organizationId), 'webhooks', endpointId, 'attempts'] as const,
};
