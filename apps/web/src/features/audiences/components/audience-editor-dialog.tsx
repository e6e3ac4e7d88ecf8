import type { Audience, AudienceUpdate } from '@fitbase/domain/contracts/audiences';
import { audienceInputSchema, MAX_AUDIENCE_RULES } from '@fitbase/domain/contracts/audiences';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { SelectField } from '@/components/form/select-field';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { failureMessage } from '@/lib/form-errors';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useCreateAudience } from '../api/create-audience';
import { useAudiencePreview } from '../api/preview-audience';
import { useRulePlans } from '../api/list-rule-plans';
import { useRuleSources } from '../api/list-rule-sources';
import { useRuleTags } from '../api/list-rule-tags';
import { useUpdateAudience } from '../api/update-audience';
import {
  type AudienceFormOutput,
  type AudienceFormValues,
  audienceResolver,
  audienceToForm,
  blankRule,
  serverFieldNames,
  validRules,
} from '../lib/audience-form';
import { RuleRow } from './rule-row';

const KIND_OPTIONS = [
  { value: 'dynamic', label: 'Dynamic: members who meet every rule' },
  { value: 'manual', label: 'Manual: members added by hand' },
];
const PREVIEW_DEBOUNCE_MS = 300;

/** New and Edit of a group, for Connect's Audiences and the Members area's groups alike. */
export function AudienceEditorDialog({
  open,
  onOpenChange,
  audience,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  audience?: Audience;
  onSaved?: (audience: Audience) => void;
}) {
  const title = audience ? 'Edit audience' : 'New audience';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            A named group of members: kept by hand (a family, a corporate account) or by rules.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <AudienceEditorForm
            audience={audience}
            title={title}
            onDone={(saved) => {
              if (saved) onSaved?.(saved);
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function AudienceEditorForm({
  audience,
  title,
  onDone,
}: {
  audience?: Audience;
  title: string;
  onDone: (saved?: Audience) => void;
}) {
  const form = useForm<AudienceFormValues, unknown, AudienceFormOutput>({
    resolver: audienceResolver,
    defaultValues: audienceToForm(audience),
  });
  const rules = useFieldArray({ control: form.control, name: 'rules' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const dynamic = kind === 'dynamic';
  const plans = useRulePlans(dynamic);
  const tags = useRuleTags(dynamic);
  const sources = useRuleSources(dynamic);
  const create = useCreateAudience();
  const update = useUpdateAudience();
  const pending = create.isPending || update.isPending;

  const onSubmit = async (values: AudienceFormOutput) => {
    try {
      let saved: Audience;
      if (audience) {
        const changes: AudienceUpdate = { name: values.name, description: values.description };
        if (audience.kind === 'dynamic' && values.rules) changes.rules = values.rules;
        saved = await update.mutateAsync({ id: audience.id, changes });
      } else saved = await create.mutateAsync(values);
      formSuccess('Success', audience ? 'Audience updated' : 'Audience created');
      onDone(saved);
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to save the audience',
        form: { setError: form.setError, fields: serverFieldNames(rules.fields.length) },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !pending}
      idPrefix="audience"
      schema={audienceInputSchema}
      className="space-y-4"
      aria-label={title}
    >
      <TextField control={form.control} name="name" label="Name*" required autoComplete="off" />
      <TextareaField control={form.control} name="description" label="Description" />
      {audience ? (
        <p className="text-sm text-muted-foreground">
          {audience.kind === 'dynamic'
            ? 'Dynamic group: members who meet every rule.'
            : 'Manual group: members added by hand.'}
        </p>
      ) : (
        <SelectField control={form.control} name="kind" label="Kind" options={KIND_OPTIONS} />
      )}
      {dynamic ? (
        <section aria-labelledby="audience-rules-heading" className="space-y-3">
          <div className="flex items-center justify-between gap-2">
            <h3 id="audience-rules-heading" className="text-sm font-medium">
              Rules (a member must meet all of them)
            </h3>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={rules.fields.length >= MAX_AUDIENCE_RULES}
              onClick={() => rules.append(blankRule('visited_within_days'))}
            >
              <Plus aria-hidden />
              Add rule
            </Button>
          </div>
          {form.formState.errors.rules?.message ? (
            <p className="text-sm text-destructive">{form.formState.errors.rules.message}</p>
          ) : null}
          <ol className="space-y-3">
            {rules.fields.map((field, index) => (
              <RuleRow
                key={field.id}
                control={form.control}
                index={index}
                choices={{ plans: plans.data, tags: tags.data, sources: sources.data }}
                canRemove={rules.fields.length > 1}
                onRemove={() => rules.remove(index)}
              />
            ))}
          </ol>
          <LiveCount form={form} />
        </section>
      ) : null}
      <DialogFooter>
        <Button variant="outline" type="button" onClick={() => onDone()} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {audience ? 'Save audience' : 'Create audience'}
        </Button>
      </DialogFooter>
    </Form>
  );
}

/** How many members the rules select right now, asked again a moment after each change. */
function LiveCount({
  form,
}: {
  form: ReturnType<typeof useForm<AudienceFormValues, unknown, AudienceFormOutput>>;
}) {
  const rows = useWatch({ control: form.control, name: 'rules' });
  const key = JSON.stringify(validRules(rows ?? []));
  const [debounced, setDebounced] = useState(key);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(key), PREVIEW_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [key]);
  const preview = useAudiencePreview(JSON.parse(debounced));
  let text: string;
  if (debounced === 'null') text = 'Complete the rules to see how many members they select.';
  else if (preview.isError) text = failureMessage(preview.error, 'The count could not be loaded.');
  else if (preview.data === undefined) text = 'Counting members...';
  else text = `${preview.data} ${preview.data === 1 ? 'member matches' : 'members match'} now`;
  return (
    <p
      role="status"
      aria-live="polite"
      className="text-sm font-medium"
      data-testid="audience-live-count"
    >
      {text}
    </p>
  );
}
