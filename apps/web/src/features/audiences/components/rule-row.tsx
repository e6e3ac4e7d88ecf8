import { AUDIENCE_RULE_LABELS, MONTH_NAMES } from '@fitbase/domain/audience-rules';
import { MEMBERSHIP_STATUSES } from '@fitbase/domain/constants';
import { AUDIENCE_RULE_TYPES } from '@fitbase/domain/contracts/audiences';
import { Trash2 } from 'lucide-react';
import { useWatch, type Control } from 'react-hook-form';
import { DateField } from '@/components/form/date-field';
import { NumberField } from '@/components/form/number-fields';
import { SelectField } from '@/components/form/select-field';
import { Button } from '@/components/ui/button';
import type { AudienceFormOutput, AudienceFormValues } from '../lib/audience-form';
import { CheckboxGroupField } from './checkbox-group-field';

type Choice = { id: string; name: string };
export interface RuleChoices {
  plans: Choice[] | undefined;
  tags: Choice[] | undefined;
  sources: Choice[] | undefined;
}

const TYPE_OPTIONS = AUDIENCE_RULE_TYPES.map((type) => ({
  value: type,
  label: AUDIENCE_RULE_LABELS[type],
}));
const STATUS_OPTIONS = MEMBERSHIP_STATUSES.map((status) => ({
  value: status,
  label: status[0]!.toUpperCase() + status.slice(1),
}));
const MONTH_OPTIONS = MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }));
const options = (choices: Choice[] | undefined) =>
  (choices ?? []).map((c) => ({ value: c.id, label: c.name }));
const loadingOr = (choices: Choice[] | undefined, none: string) =>
  choices === undefined ? 'Loading...' : none;

/** One rule of a dynamic group: its kind, then the values that kind needs. */
export function RuleRow({
  control,
  index,
  choices,
  onRemove,
  canRemove,
}: {
  control: Control<AudienceFormValues, unknown, AudienceFormOutput>;
  index: number;
  choices: RuleChoices;
  onRemove: () => void;
  canRemove: boolean;
}) {
  const type = useWatch({ control, name: `rules.${index}.type` });
  const at = <F extends string>(field: F) => `rules.${index}.${field}` as const;
  const number = index + 1;
  return (
    <li className="space-y-3 rounded-md border p-3">
      <div className="flex items-end gap-2">
        <SelectField
          control={control}
          name={at('type')}
          label={`Rule ${number}`}
          options={TYPE_OPTIONS}
          className="flex-1"
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove rule ${number}`}
          disabled={!canRemove}
          onClick={onRemove}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      {type === 'status' ? (
        <CheckboxGroupField
          control={control}
          name={at('statuses')}
          legend="Status is any of"
          options={STATUS_OPTIONS}
        />
      ) : null}
      {type === 'plan' ? (
        <CheckboxGroupField
          control={control}
          name={at('planIds')}
          legend="An active membership of any of"
          options={options(choices.plans)}
          empty={loadingOr(choices.plans, 'No plans yet: add one under Plans.')}
        />
      ) : null}
      {type === 'tag' ? (
        <SelectField
          control={control}
          name={at('tagId')}
          label="Tag"
          placeholder={choices.tags?.length === 0 ? 'No tags yet' : 'Choose a tag'}
          options={options(choices.tags)}
        />
      ) : null}
      {type === 'lead_source' ? (
        <CheckboxGroupField
          control={control}
          name={at('sourceIds')}
          legend="Came in as a lead from any of"
          options={options(choices.sources)}
          empty={loadingOr(choices.sources, 'No lead sources yet: add one under Lead Sources.')}
        />
      ) : null}
      {type === 'joined_within_days' ||
      type === 'visited_within_days' ||
      type === 'not_visited_within_days' ? (
        <NumberField
          control={control}
          name={at('days')}
          label="Days"
          min={1}
          step={1}
          description={
            type === 'not_visited_within_days'
              ? 'Members who never visited are included.'
              : undefined
          }
        />
      ) : null}
      {type === 'joined_between' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <DateField control={control} name={at('from')} label="From" />
          <DateField control={control} name={at('to')} label="To" />
        </div>
      ) : null}
      {type === 'birthday_month' ? (
        <SelectField control={control} name={at('month')} label="Month" options={MONTH_OPTIONS} />
      ) : null}
      {type === 'age_between' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberField control={control} name={at('min')} label="Minimum age" min={0} step={1} />
          <NumberField control={control} name={at('max')} label="Maximum age" min={0} step={1} />
        </div>
      ) : null}
    </li>
  );
}
