import type { Facility, ScheduleClass } from '@fitbase/domain/contracts/schedule';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { Trainer } from '../api/list-trainers';
import { isLocalDate, type ScheduleView } from '../lib/schedule-dates';

export interface CalendarFilters {
  trainerId: string | null;
  facilityId: string | null;
  classId: string | null;
}

interface ScheduleToolbarProps {
  view: ScheduleView;
  date: string;
  title: string;
  onViewChange: (view: ScheduleView) => void;
  onDateChange: (date: string) => void;
  onStep: (direction: -1 | 1) => void;
  onToday: () => void;
  filters: CalendarFilters;
  onFiltersChange: (filters: CalendarFilters) => void;
  trainers: Trainer[];
  facilities: Facility[];
  classes: ScheduleClass[];
}

const selectClass =
  'flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** Week or day, previous / next / today, a date to jump to, and the trainer, room and class filters. */
export function ScheduleToolbar(props: ScheduleToolbarProps) {
  const { view, date, title, filters, onFiltersChange } = props;
  const id = useId();
  const unit = view === 'week' ? 'week' : 'day';
  // Trainers first (the usual choice), then every other member of staff.
  const teaching = props.trainers.filter((t) => t.role === 'trainer');
  const otherStaff = props.trainers.filter((t) => t.role !== 'trainer');
  const all = (value: string) => (value === '' ? null : value);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <div className="inline-flex rounded-md border p-0.5" role="group" aria-label="View">
            {(['week', 'day'] as const).map((option) => (
              <Button
                key={option}
                type="button"
                size="sm"
                variant={view === option ? 'default' : 'ghost'}
                aria-pressed={view === option}
                onClick={() => props.onViewChange(option)}
              >
                {option === 'week' ? 'Week' : 'Day'}
              </Button>
            ))}
          </div>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`Previous ${unit}`}
            onClick={() => props.onStep(-1)}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={props.onToday}>
            Today
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`Next ${unit}`}
            onClick={() => props.onStep(1)}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-date`}>Go to date</Label>
          <Input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(event) => {
              if (isLocalDate(event.target.value)) props.onDateChange(event.target.value);
            }}
            className="w-44"
          />
        </div>
      </div>
      <h2 className="text-lg font-semibold" aria-live="polite">
        {title}
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="space-y-1">
          <Label htmlFor={`${id}-trainer`}>Trainer</Label>
          <select
            id={`${id}-trainer`}
            className={selectClass}
            value={filters.trainerId ?? ''}
            onChange={(e) => onFiltersChange({ ...filters, trainerId: all(e.target.value) })}
          >
            <option value="">All trainers</option>
            {teaching.length > 0 ? (
              <optgroup label="Trainers">
                {teaching.map((t) => (
                  <option key={t.userId} value={t.userId}>
                    {t.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {otherStaff.length > 0 ? (
              <optgroup label="Other staff">
                {otherStaff.map((t) => (
                  <option key={t.userId} value={t.userId}>
                    {t.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-facility`}>Facility</Label>
          <select
            id={`${id}-facility`}
            className={selectClass}
            value={filters.facilityId ?? ''}
            onChange={(e) => onFiltersChange({ ...filters, facilityId: all(e.target.value) })}
          >
            <option value="">All facilities</option>
            {props.facilities.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-class`}>Class</Label>
          <select
            id={`${id}-class`}
            className={selectClass}
            value={filters.classId ?? ''}
            onChange={(e) => onFiltersChange({ ...filters, classId: all(e.target.value) })}
          >
            <option value="">All classes</option>
            {props.classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
