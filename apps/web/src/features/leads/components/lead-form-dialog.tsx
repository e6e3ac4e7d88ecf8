import { zodResolver } from '@hookform/resolvers/zod';
import {
  EDITABLE_LEAD_STATUSES,
  leadInputSchema,
  type Lead,
  type LeadInput,
  type LeadSource,
} from '@fitbase/domain/contracts/leads';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { DateField } from '@/components/form/date-field';
import { Form } from '@/components/form/form';
import { SelectField } from '@/components/form/select-field';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useCreateLead } from '../api/create-lead';
import { useUpdateLead } from '../api/update-lead';
import { LEAD_STATUS_LABELS } from './lead-format';

type LeadOutput = ReturnType<typeof leadInputSchema.parse>;
const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'sourceId',
  'status',
  'ownerUserId',
  'trialEndsOn',
  'notes',
];

// Emptied selects and dates hold '': the contract's "none" is null.
const baseResolver = zodResolver(leadInputSchema) as unknown as Resolver<
  LeadInput,
  unknown,
  LeadOutput
>;
const resolver: Resolver<LeadInput, unknown, LeadOutput> = (values, context, options) =>
  baseResolver(
    {
      ...values,
      sourceId: values.sourceId || null,
      ownerUserId: values.ownerUserId || null,
      trialEndsOn: values.trialEndsOn || null,
    },
    context,
    options,
  );

function toForm(lead: Lead | undefined): LeadInput {
  return {
    firstName: lead?.firstName ?? '',
    lastName: lead?.lastName ?? '',
    email: lead?.email ?? '',
    phone: lead?.phone ?? '',
    sourceId: lead?.sourceId ?? '',
    status: lead && lead.status !== 'converted' ? lead.status : 'new',
    ownerUserId: lead?.ownerUserId ?? '',
    trialEndsOn: lead?.trialEndsOn ?? '',
    notes: lead?.notes ?? '',
  };
}

export interface LeadFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lead?: Lead;
  sources: LeadSource[];
  owners: Array<{ userId: string; name: string }>;
}

/** Add lead and Edit lead (status, owner, trial end, notes). */
export function LeadFormDialog({ open, onOpenChange, lead, ...rest }: LeadFormDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title={lead ? 'Edit Lead' : 'Add Lead'}
      description="A lead needs an email or a phone number."
      className="max-h-[90vh] overflow-y-auto"
    >
      {(close) => <LeadForm lead={lead} onDone={close} {...rest} />}
    </EditorDialog>
  );
}

function LeadForm({
  lead,
  sources,
  owners,
  onDone,
}: Omit<LeadFormDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const form = useForm<LeadInput, unknown, LeadOutput>({
    resolver,
    defaultValues: toForm(lead),
  });
  const create = useCreateLead();
  const update = useUpdateLead();
  const pending = create.isPending || update.isPending;
  const status = useWatch({ control: form.control, name: 'status' });
  const converted = lead?.status === 'converted';
  // A deactivated source stays choosable for the lead that already has it.
  const sourceOptions = sources
    .filter((s) => s.isActive || s.id === lead?.sourceId)
    .map((s) => ({ value: s.id, label: s.name }));

  const onSubmit = async (values: LeadOutput) => {
    try {
      if (lead) {
        // A converted lead keeps its status: the dialog never sends one for it.
        const { status: newStatus, ...changes } = values;
        await update.mutateAsync({
          id: lead.id,
          changes: converted ? changes : { ...changes, status: newStatus },
        });
      } else await create.mutateAsync(values);
      formSuccess('Success', lead ? 'Lead updated' : 'Lead added');
      onDone();
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to save the lead',
        form: { setError: form.setError, fields: FIELDS },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !pending}
      idPrefix="lead"
      schema={leadInputSchema}
      className="space-y-4"
      aria-label={lead ? 'Edit Lead' : 'Add Lead'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="firstName" label="First Name*" required />
        <TextField control={form.control} name="lastName" label="Last Name*" required />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="email" label="Email" type="email" />
        <TextField control={form.control} name="phone" label="Phone" type="tel" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="sourceId"
          label="Source"
          placeholder="No source"
          options={sourceOptions}
        />
        <SelectField
          control={form.control}
          name="ownerUserId"
          label="Owner"
          placeholder="Nobody yet"
          options={owners.map((o) => ({ value: o.userId, label: o.name }))}
        />
      </div>
      {converted ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            control={form.control}
            name="status"
            label="Status"
            options={EDITABLE_LEAD_STATUSES.map((s) => ({
              value: s,
              label: LEAD_STATUS_LABELS[s],
            }))}
          />
          {status === 'trial' ? (
            <DateField control={form.control} name="trialEndsOn" label="Trial ends*" />
          ) : null}
        </div>
      )}
      <TextareaField control={form.control} name="notes" label="Notes" />
      <EditorDialogFooter
        onCancel={onDone}
        pending={pending}
        submitLabel={lead ? 'Save Lead' : 'Add Lead'}
      />
    </Form>
  );
}
