import { cn } from '@/lib/utils';
import { capacityStyle } from '../lib/capacity';

/** "8/12" on the capacity colour, with the level in words where there is room. */
export function CapacityBadge({
  booked,
  capacity,
  className,
  showLabel = false,
  'aria-hidden': ariaHidden,
}: {
  booked: number;
  capacity: number;
  className?: string;
  showLabel?: boolean;
  'aria-hidden'?: boolean;
}) {
  const style = capacityStyle(booked, capacity);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded border px-1.5 text-xs font-medium tabular-nums',
        style.className,
        className,
      )}
      data-level={style.level}
      aria-hidden={ariaHidden || undefined}
    >
      {booked}/{capacity}
      {showLabel ? <span>· {style.label}</span> : null}
    </span>
  );
}
