import { capacityLevel, type CapacityLevel } from '@fitbase/domain/schedule-constants';

/**
 * Capacity colours (docs/product/schedule.md): 90% booked and above red, 70 orange, 50 yellow,
 * below green. The colour always comes with the numbers and a word, never alone, and each pair
 * of text and background colour meets WCAG AA contrast.
 */
const STYLES: Record<CapacityLevel, { className: string; label: string }> = {
  red: { className: 'border-red-300 bg-red-100 text-red-900', label: 'Almost full' },
  orange: { className: 'border-orange-300 bg-orange-100 text-orange-900', label: 'Filling up' },
  yellow: { className: 'border-yellow-300 bg-yellow-100 text-yellow-900', label: 'Half full' },
  green: { className: 'border-green-300 bg-green-100 text-green-900', label: 'Open' },
};

export interface CapacityStyle {
  level: CapacityLevel;
  percent: number;
  className: string;
  /** The level in words; 'Full' when every place is taken. */
  label: string;
}

export function capacityStyle(booked: number, capacity: number): CapacityStyle {
  const level = capacityLevel(booked, capacity);
  const percent = capacity > 0 ? Math.round((booked / capacity) * 100) : 0;
  const style = STYLES[level];
  return {
    level,
    percent,
    className: style.className,
    label: capacity > 0 && booked >= capacity ? 'Full' : style.label,
  };
}
