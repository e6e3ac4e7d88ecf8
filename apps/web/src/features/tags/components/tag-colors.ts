import { TAG_COLORS } from '@fitbase/domain/connect-constants';

const NAMES: Record<(typeof TAG_COLORS)[number], string> = {
  '#3b82f6': 'Blue',
  '#10b981': 'Green',
  '#ef4444': 'Red',
  '#8b5cf6': 'Purple',
  '#f59e0b': 'Amber',
  '#ec4899': 'Pink',
  '#6366f1': 'Indigo',
  '#f97316': 'Orange',
};

/** The eight preset colours (spec §9), each with a name to say. */
export const TAG_SWATCHES = TAG_COLORS.map((value) => ({ value, label: NAMES[value] }));
