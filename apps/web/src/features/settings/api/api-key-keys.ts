import { settingsKeys } from '@/lib/query-keys';

/** Settings › API keys: kept in the feature, the only one that asks for them. */
export const apiKeyKeys = {
  list: (organizationId: string) => [...settingsKeys.all(organizationId), 'api-keys'] as const,
};
