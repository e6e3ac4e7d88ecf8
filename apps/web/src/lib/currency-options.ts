import { SUGGESTED_LOCALES, selectableCurrencies } from '@fitbase/domain/studio-format';
import { useMemo } from 'react';

/* The choices of a studio's currency and locale: the setup form and Settings → General. */

/** Every currency we keep exactly, named in the reader's language ("EUR – Euro"). */
export function useCurrencyOptions(current: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'currency' });
    const codes = selectableCurrencies();
    const all = codes.includes(current) ? codes : [current, ...codes];
    return all.map((code) => ({ value: code, label: `${code} – ${names.of(code) ?? code}` }));
  }, [current]);
}

/** Common locales, plus the studio's own if it chose another through the API. */
export function useLocaleOptions(current: string) {
  return useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'language' });
    const tags: string[] = [...SUGGESTED_LOCALES];
    const all = tags.includes(current) ? tags : [current, ...tags];
    return all.map((tag) => ({ value: tag, label: `${names.of(tag) ?? tag} (${tag})` }));
  }, [current]);
}
