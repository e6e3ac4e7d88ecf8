import { sendMessageSchema } from '@fitbase/domain/contracts/conversations';
import { MERGE_FIELDS } from '@fitbase/domain/merge-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { SelectField } from '@/components/form/select-field';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { MemberSearchFields } from '@/components/member-search/member-search-fields';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useMessageTemplates } from '../api/list-templates';
import { useSendMessage } from '../api/send-message';

const composeSchema = sendMessageSchema.extend({
  search: z.string().max(100, 'Search is at most 100 characters'),
  memberId: z
    .string()
    .nullable()
    .refine((value) => Boolean(value), 'Choose a member'),
  templateId: z.string(),
});
type ComposeForm = z.input<typeof composeSchema>;
type ComposeOutput = z.output<typeof composeSchema>;

const FIELD_HINT = `Markdown. Merge fields: ${MERGE_FIELDS.map((f) => `{{${f.name}}}`).join(', ')}`;

interface ComposeMessageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Writing from the member dashboard: the member is fixed. */
  member?: { id: string; name: string };
  /** Told the conversation the message went to. */
  onSent?: (conversationId: string) => void;
}

/** New Message: a 1:1 email to a member, optionally started from a template. */
export function ComposeMessageDialog({ open, onOpenChange, ...props }: ComposeMessageDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New Message"
      description={
        <>
          {props.member
            ? `Sent by email to ${props.member.name}; replies come back to the conversation.`
            : 'Sent by email; replies come back to the member’s conversation.'}
        </>
      }
      className="sm:max-w-xl"
    >
      {/* Mounted only while open: each opening starts empty. */}
      {(close) => <ComposeForm {...props} onDone={close} />}
    </EditorDialog>
  );
}

function ComposeForm({
  member,
  onSent,
  onDone,
}: Omit<ComposeMessageDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const form = useForm<ComposeForm, unknown, ComposeOutput>({
    resolver: zodResolver(composeSchema),
    defaultValues: {
      search: '',
      memberId: member?.id ?? null,
      templateId: '',
      subject: '',
      content: '',
    },
  });
  const templates = useMessageTemplates();
  const send = useSendMessage();
  const memberId = form.watch('memberId');
  const templateId = form.watch('templateId');
  // Choosing a template fills subject and message once; later edits are the writer's own.
  const applied = useRef('');
  useEffect(() => {
    if (!templateId || templateId === applied.current) return;
    const template = templates.data?.find((t) => t.id === templateId);
    if (!template) return;
    applied.current = templateId;
    form.setValue('subject', template.subject, { shouldValidate: true });
    form.setValue('content', template.content, { shouldValidate: true });
  }, [templateId, templates.data, form]);

  const onSubmit = async (values: ComposeOutput) => {
    try {
      const result = await send.mutateAsync({
        memberId: values.memberId as string,
        input: {
          subject: values.subject,
          content: values.content,
          templateId: values.templateId || null,
        },
      });
      formSuccess('Message sent', 'It is on its way by email.');
      onSent?.(result.conversationId);
      onDone();
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to send message',
        form: { setError: form.setError, fields: ['subject', 'content', 'templateId'] },
      });
    }
  };

  const templateOptions = (templates.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !send.isPending}
      idPrefix="compose-message"
      schema={composeSchema}
      className="space-y-4"
      aria-label="New Message"
    >
      {member ? null : (
        <MemberSearchFields
          control={form.control}
          searchName="search"
          memberName="memberId"
          disabled={send.isPending}
        />
      )}
      <SelectField
        control={form.control}
        name="templateId"
        label="Template"
        placeholder={templates.isPending ? 'Loading templates...' : 'No template'}
        options={templateOptions}
        description={
          templates.isSuccess && templateOptions.length === 0
            ? 'No active templates yet: write the message below.'
            : 'Optional: fills the subject and the message.'
        }
      />
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
        label="Message*"
        required
        rows={8}
        description={FIELD_HINT}
      />
      <EditorDialogFooter
        onCancel={onDone}
        pending={send.isPending}
        submitLabel={send.isPending ? 'Sending...' : 'Send'}
        submitDisabled={!memberId}
      />
    </Form>
  );
}
