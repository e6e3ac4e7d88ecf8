import {
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  formatDateTime,
  formatDay,
  formatMoney,
  type StudioFormat,
} from '@fitbase/domain/studio-format';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useCurrentOrganization } from '@/lib/session';

const StudioFormatContext = createContext<StudioFormat>({
  currency: DEFAULT_CURRENCY,
  locale: DEFAULT_LOCALE,
  timeZone: 'UTC',
});

/**
 * The studio's currency, locale and time zone, read once from /api/me (the current organization)
 * by the signed-in layout, so every screen below writes amounts and dates as the studio chose in
 * Settings → General (ADR 0038). Outside it (tests of one component) the product's defaults hold.
 */
export function StudioFormatProvider({ children }: { children: ReactNode }) {
  const { organization } = useCurrentOrganization();
  const currency = organization?.currency ?? DEFAULT_CURRENCY;
  const locale = organization?.locale ?? DEFAULT_LOCALE;
  const timeZone = organization?.timezone ?? 'UTC';
  const value = useMemo(() => ({ currency, locale, timeZone }), [currency, locale, timeZone]);
  return <StudioFormatContext.Provider value={value}>{children}</StudioFormatContext.Provider>;
}

export function useStudioFormat(): StudioFormat {
  return useContext(StudioFormatContext);
}

/** `money("1234.50")` → "$1,234.50", "1.234,50 €" or "￥1,235": the studio's currency and locale. */
export function useMoney(): (amount: string | number) => string {
  const format = useStudioFormat();
  return useMemo(() => (amount: string | number) => formatMoney(amount, format), [format]);
}

/** Calendar dates and instants in the studio's locale (instants in its time zone). */
export function useStudioDates() {
  const format = useStudioFormat();
  return useMemo(
    () => ({
      day: (day: string) => formatDay(day, format),
      dateTime: (instant: string | Date) => formatDateTime(instant, format),
    }),
    [format],
  );
}
