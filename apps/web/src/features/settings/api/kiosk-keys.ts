import { settingsKeys } from '@/lib/query-keys';

/**
 * Settings › Kiosks: the paired devices, and how members check in without a QR code. Under the
 * settings keys; kept in the feature, the only one that asks for them (the shared key file is in
 * every page's first load).
 */
export const kioskKeys = {
  list: (organizationId: string) => [...settingsKeys.all(organizationId), 'kiosks'] as const,
  settings: (organizationId: string) =>
    [...settingsKeys.all(organizationId), 'kiosk-settings'] as const,
};
