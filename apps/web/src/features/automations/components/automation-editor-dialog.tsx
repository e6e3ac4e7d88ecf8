import { AUTOMATION_TRIGGERS } from '@fitbase/domain/connect-constants';
import {
  type Automation,
  AUTOMATION_TRIGGER_LABELS,
  automationInputSchema,
  MAX_AUTOMATION_STEPS,
  triggerNeedsDays,
} from '@fitbase/domain/contracts/automations';
import { Plus } from 'lucide-react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { NumberField } from '@/components/form/number-fields';
import { SelectField } from '@/components/form/select-field';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EditorDialogFooter } from '@/components/editor-dialog';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useCreateAutomation } from '../api/create-automation';
import { useStepChoices } from '../api/list-step-choices';
import { useUpdateAutomation } from '../api/update-automation';
import {
  type AutomationFormOutput,
  type AutomationFormValues,
  automationResolver,
  automationToForm,
  blankStep,
  serverFieldNames,
} from '../lib/automation-form';
import { StepRow } from './step-row';

const TRIGGER_OPTIONS = AUTOMATION_TRIGGERS.map((trigger) => ({
  value: trigger,
  label: AUTOMATION_TRIGGER_LABELS[trigger],
}));

/** New and Edit of an automation: its trigger and its ordered steps. */
export function AutomationEditorDialog({
  open,
  onOpenChange,
  automation,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  automation?: Automation;
}) {
  const title = automation ? 'Edit automation' : 'New automation';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            A trigger and the steps each member goes through, once per occurrence.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <AutomationEditorForm
            automation={automation}
            title={title}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function AutomationEditorForm({
  automation,
  title,
  onDone,
}: {
  automation?: Automation;
  title: string;
  onDone: () => void;
}) {
  const form = useForm<AutomationFormValues, unknown, AutomationFormOutput>({
    resolver: automationResolver,
    defaultValues: automationToForm(automation),
  });
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const trigger = useWatch({ control: form.control, name: 'trigger' });
  const choices = useStepChoices();
  const create = useCreateAutomation();
  const update = useUpdateAutomation();
  const pending = create.isPending || update.isPending;

  const onSubmit = async (values: AutomationFormOutput) => {
    // isActive is switched from the list, not here.
    const { isActive: _ignored, ...changes } = values;
    try {
      if (automation) await update.mutateAsync({ id: automation.id, changes });
      else await create.mutateAsync(changes);
      formSuccess('Success', automation ? 'Automation updated' : 'Automation created');
      onDone();
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to save the automation',
        form: { setError: form.setError, fields: serverFieldNames(steps.fields.length) },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !pending}
      idPrefix="automation"
      schema={automationInputSchema}
      className="space-y-4"
      aria-label={title}
    >
      <TextField control={form.control} name="name" label="Name*" required autoComplete="off" />
      <TextareaField control={form.control} name="description" label="Description" />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="trigger"
          label="Trigger"
          options={TRIGGER_OPTIONS}
        />
        {triggerNeedsDays(trigger) ? (
          <NumberField
            control={form.control}
            name="triggerDays"
            label="N (days)"
            min={1}
            max={365}
            step={1}
          />
        ) : null}
      </div>
      <section aria-labelledby="automation-steps-heading" className="space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h3 id="automation-steps-heading" className="text-sm font-medium">
            Steps, in order
          </h3>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={steps.fields.length >= MAX_AUTOMATION_STEPS}
            onClick={() => steps.append(blankStep())}
          >
            <Plus aria-hidden />
            Add step
          </Button>
        </div>
        {form.formState.errors.steps?.message ? (
          <p className="text-sm text-destructive">{form.formState.errors.steps.message}</p>
        ) : null}
        {steps.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">No steps yet: add the first one.</p>
        ) : null}
        <ol className="space-y-3">
          {steps.fields.map((field, index) => (
            <StepRow
              key={field.id}
              control={form.control}
              index={index}
              count={steps.fields.length}
              choices={choices}
              onMove={(to) => steps.move(index, to)}
              onRemove={() => steps.remove(index)}
            />
          ))}
        </ol>
      </section>
      <EditorDialogFooter
        onCancel={onDone}
        pending={pending}
        submitLabel={automation ? 'Save automation' : 'Create automation'}
      />
    </Form>
  );
}
