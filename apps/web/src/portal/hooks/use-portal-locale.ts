import { DEFAULT_LOCALE } from '@fitbase/domain/studio-format';
import { useStudio } from '../api/get-studio';

/** The portal studio's locale (BCP 47), how its dates are written; the product's default first. */
export function usePortalLocale(): string {
  return useStudio().data?.locale ?? DEFAULT_LOCALE;
}
