import { zodResolver } from '@hookform/resolvers/zod';
import {
  emailTemplateInputSchema,
  type EmailTemplate,
  type EmailTemplateInput,
} from '@fitbase/domain/contracts/email-templates';
import { unknownMergeFields, unknownMergeFieldsMessage } from '@fitbase/domain/merge-fields';
import { useForm, useWatch } from 'react-hook-form';
import { EmailPreviewFrame, MergeFieldButtons } from '@/components/email-editor';
import { Form } from '@/components/form/form';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { EditorDialog } from '@/components/editor-dialog';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formSuccess } from '@/lib/form-feedback';
import { useEmailPreview } from '@/entities/email/api/preview-email';
import { reportError } from '@/lib/report-error';
import { useSaveEmailTemplate } from '../api/save-email-template';

type Output = ReturnType<typeof emailTemplateInputSchema.parse>;
const FIELDS = ['name', 'subject', 'content'];
// Unknown merge fields are shown on the field as soon as the form is checked.
const schema = emailTemplateInputSchema.superRefine((v, ctx) => {
  for (const field of ['subject', 'content'] as const) {
    const unknown = unknownMergeFields(v[field]);
    if (unknown.length > 0)
      ctx.addIssue({ code: 'custom', path: [field], message: unknownMergeFieldsMessage(unknown) });
  }
});

export function TemplateEditorDialog({
  template,
  open,
  onOpenChange,
}: {
  template?: EmailTemplate;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title={template ? 'Edit template' : 'New template'}
      description="Write in Markdown; merge fields are filled for each member when the email is sent."
      className="sm:max-w-5xl"
    >
      {(close) => <TemplateForm template={template} onDone={close} />}
    </EditorDialog>
  );
}

function TemplateForm({ template, onDone }: { template?: EmailTemplate; onDone: () => void }) {
  const form = useForm<EmailTemplateInput, unknown, Output>({
    resolver: zodResolver(schema) as never,
    defaultValues: {
      name: template?.name ?? '',
      subject: template?.subject ?? '',
      content: template?.content ?? '',
    },
  });
  const save = useSaveEmailTemplate();
  const subject = useWatch({ control: form.control, name: 'subject' }) ?? '';
  const content = useWatch({ control: form.control, name: 'content' }) ?? '';
  const debounced = useDebouncedValue(`${subject}\u0000${content}`, 300);
  const [previewSubject = '', previewContent = ''] = debounced.split('\u0000');
  const preview = useEmailPreview(previewSubject, previewContent);

  const onSubmit = async (values: Output) => {
    try {
      await save.mutateAsync({ id: template?.id, changes: values });
      formSuccess('Success', template ? 'Template saved' : 'Template created');
      onDone();
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to save template',
        form: { setError: form.setError, fields: FIELDS },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !save.isPending}
      idPrefix="template"
      schema={emailTemplateInputSchema}
      className="grid gap-4 lg:grid-cols-2"
      aria-label={template ? 'Edit template' : 'New template'}
    >
      <div className="space-y-4">
        <TextField control={form.control} name="name" label="Name*" required autoComplete="off" />
        <TextField
          control={form.control}
          name="subject"
          label="Subject*"
          required
          autoComplete="off"
        />
        <TextareaField
          control={form.control}
          name="content"
          id="template-content"
          label="Content (Markdown)*"
          required
          rows={12}
        />
        <MergeFieldButtons
          textareaId="template-content"
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
        <Button variant="outline" type="button" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {template ? 'Save template' : 'Create template'}
        </Button>
      </DialogFooter>
    </Form>
  );
}
