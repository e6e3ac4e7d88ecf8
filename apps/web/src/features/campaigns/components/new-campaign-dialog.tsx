import { zodResolver } from '@hookform/resolvers/zod';
import { campaignInputSchema, type CampaignInput } from '@fitbase/domain/contracts/campaigns';
import { unknownMergeFields, unknownMergeFieldsMessage } from '@fitbase/domain/merge-fields';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { EmailPreviewFrame, MergeFieldButtons } from '@/components/email-editor';
import { Form } from '@/components/form/form';
import { SelectField } from '@/components/form/select-field';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { EditorDialog } from '@/components/editor-dialog';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useCreateCampaign } from '../api/campaign-mutations';
import { useCampaignTemplates } from '../api/get-send-choices';
import { useEmailPreview } from '@/entities/email/api/preview-email';

type Output = ReturnType<typeof campaignInputSchema.parse>;
const FIELDS = ['name', 'subject', 'content'];
const schema = campaignInputSchema.superRefine((v, ctx) => {
  for (const field of ['subject', 'content'] as const) {
    const unknown = unknownMergeFields(v[field]);
    if (unknown.length > 0)
      ctx.addIssue({ code: 'custom', path: [field], message: unknownMergeFieldsMessage(unknown) });
  }
});

/** 'Send new email': writes a draft (Campaign Name, Subject Line, Email Content). */
export function NewCampaignDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: string) => void;
}) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send new email"
      description="Write it here or start from a template; you choose who gets it when you send."
      className="sm:max-w-5xl"
    >
      {(close) => <CampaignForm onDone={close} onCreated={onCreated} />}
    </EditorDialog>
  );
}

function CampaignForm({
  onDone,
  onCreated,
}: {
  onDone: () => void;
  onCreated: (id: string) => void;
}) {
  const form = useForm<CampaignInput, unknown, Output>({
    resolver: zodResolver(schema) as never,
    defaultValues: { name: '', subject: '', content: '', templateId: null },
  });
  const create = useCreateCampaign();
  const templates = useCampaignTemplates();
  const subject = useWatch({ control: form.control, name: 'subject' }) ?? '';
  const content = useWatch({ control: form.control, name: 'content' }) ?? '';
  const debounced = useDebouncedValue(`${subject}\u0000${content}`, 300);
  const [previewSubject = '', previewContent = ''] = debounced.split('\u0000');
  const preview = useEmailPreview(previewSubject, previewContent);

  const templateId = useWatch({ control: form.control, name: 'templateId' });
  // Choosing a template fills the subject and content (still editable afterwards).
  useEffect(() => {
    const template = templates.data?.find((t) => t.id === templateId);
    if (!template) return;
    form.setValue('subject', template.subject, { shouldDirty: true });
    form.setValue('content', template.content, { shouldDirty: true });
  }, [form, templateId, templates.data]);

  const onSubmit = async (values: Output) => {
    try {
      const campaign = await create.mutateAsync({
        ...values,
        templateId: values.templateId || null,
      });
      formSuccess('Success', 'Campaign created successfully');
      onDone();
      onCreated(campaign.id);
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to create campaign',
        form: { setError: form.setError, fields: FIELDS },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      // Spec: an empty name does nothing.
      canSubmit={() => !create.isPending && Boolean(form.getValues('name')?.trim())}
      idPrefix="campaign"
      schema={campaignInputSchema}
      className="grid gap-4 lg:grid-cols-2"
      aria-label="Send new email"
    >
      <div className="space-y-4">
        <SelectField
          control={form.control}
          name="templateId"
          label="Start from a template"
          placeholder="No template"
          options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
        <TextField control={form.control} name="name" label="Campaign Name" autoComplete="off" />
        <TextField control={form.control} name="subject" label="Subject Line" autoComplete="off" />
        <TextareaField
          control={form.control}
          name="content"
          id="campaign-content"
          label="Email Content"
          description="Markdown"
          rows={10}
        />
        <MergeFieldButtons
          textareaId="campaign-content"
          value={content}
          onChange={(value) => form.setValue('content', value, { shouldDirty: true })}
        />
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">Preview</p>
        <EmailPreviewFrame
          subject={preview.data?.subject}
          html={preview.data?.html}
          loading={preview.isFetching}
        />
      </div>
      <DialogFooter className="lg:col-span-2">
        <Button variant="outline" type="button" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          Create campaign
        </Button>
      </DialogFooter>
    </Form>
  );
}
