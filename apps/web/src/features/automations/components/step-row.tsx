import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { type Control, useWatch } from 'react-hook-form';
import { NumberField } from '@/components/form/number-fields';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import type { Choice } from '../api/list-step-choices';
import type { AutomationFormOutput, AutomationFormValues } from '../lib/automation-form';

const KIND_OPTIONS = [
  { value: 'send_email', label: 'Send an email template' },
  { value: 'wait', label: 'Wait' },
  { value: 'add_tag', label: 'Add a tag' },
  { value: 'remove_tag', label: 'Remove a tag' },
  { value: 'notify_staff', label: 'Notify staff (a task)' },
];
const UNIT_OPTIONS = [
  { value: 'days', label: 'Days' },
  { value: 'hours', label: 'Hours' },
];
const PRIORITY_OPTIONS = [
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
];

/** One step of the editor: its kind, that kind's fields, and its place in the order. */
export function StepRow({
  control,
  index,
  count,
  choices,
  onMove,
  onRemove,
}: {
  control: Control<AutomationFormValues, unknown, AutomationFormOutput>;
  index: number;
  count: number;
  choices: { templates: Choice[]; tags: Choice[]; staff: Choice[] };
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const kind = useWatch({ control, name: `steps.${index}.kind` });
  const n = index + 1;
  return (
    <li className="space-y-3 rounded-md border p-3">
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          control={control}
          name={`steps.${index}.kind`}
          label={`Step ${n}`}
          options={KIND_OPTIONS}
          className="min-w-48 flex-1"
        />
        <div className="flex gap-1">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`Move step ${n} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUp aria-hidden />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`Move step ${n} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDown aria-hidden />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={`Remove step ${n}`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      {kind === 'wait' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberField
            control={control}
            name={`steps.${index}.amount`}
            label="Wait for"
            min={1}
            max={365}
            step={1}
          />
          <SelectField
            control={control}
            name={`steps.${index}.unit`}
            label="Unit"
            options={UNIT_OPTIONS}
          />
        </div>
      ) : kind === 'send_email' ? (
        <SelectField
          control={control}
          name={`steps.${index}.templateId`}
          label="Email template"
          placeholder="Choose a template"
          options={choices.templates}
        />
      ) : kind === 'add_tag' || kind === 'remove_tag' ? (
        <SelectField
          control={control}
          name={`steps.${index}.tagId`}
          label="Tag"
          placeholder="Choose a tag"
          options={choices.tags}
        />
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            control={control}
            name={`steps.${index}.title`}
            label="Task title"
            description="Merge fields such as {{full_name}} are filled in."
            className="sm:col-span-3"
            autoComplete="off"
          />
          <SelectField
            control={control}
            name={`steps.${index}.assigneeUserId`}
            label="Assign to"
            placeholder="Anyone on the staff"
            options={choices.staff}
            className="sm:col-span-2"
          />
          <SelectField
            control={control}
            name={`steps.${index}.priority`}
            label="Priority"
            options={PRIORITY_OPTIONS}
          />
        </div>
      )}
    </li>
  );
}
