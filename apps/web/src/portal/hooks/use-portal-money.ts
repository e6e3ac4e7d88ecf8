import { useStudio } from '../api/get-studio';
import type { MoneyFormat } from '../components/offer-format';

/** The portal studio's currency and locale (ADR 0038), from the studio the portal already read. */
export function usePortalMoney(): MoneyFormat {
  const { data } = useStudio();
  return { currency: data?.currency ?? 'USD', locale: data?.locale ?? 'en-US' };
}
