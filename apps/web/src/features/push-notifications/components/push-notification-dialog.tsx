import { zodResolver } from '@hookform/resolvers/zod';
import {
  PUSH_SENT,
  pushNotificationInputSchema,
  type PushNotificationInput,
} from '@fitbase/domain/contracts/push-notifications';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextareaField } from '@/components/form/text-fields';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useSendPushNotification } from '../api/send-push-notification';

type PushOutput = ReturnType<typeof pushNotificationInputSchema.parse>;
type Target = 'everyone' | 'group';
const GROUP_REQUIRED = 'Choose a group';

const baseResolver = zodResolver(pushNotificationInputSchema) as unknown as Resolver<
  PushNotificationInput,
  unknown,
  PushOutput
>;

export interface PushNotificationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groups: Array<{ id: string; name: string; memberCount: number }>;
}

/** The spec's dialog: Send to everyone (default) or to a group, the message, marketing, Send. */
export function PushNotificationDialog({
  open,
  onOpenChange,
  ...rest
}: PushNotificationDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send Push Notification"
      description="Members who turned on push in the member portal get it there; the others by email."
    >
      {(close) => <PushForm onDone={close} {...rest} />}
    </EditorDialog>
  );
}

function PushForm({
  groups,
  onDone,
}: Omit<PushNotificationDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const [target, setTarget] = useState<Target>('everyone');
  // Everyone sends no group; a group must be chosen on its tab.
  const resolver: Resolver<PushNotificationInput, unknown, PushOutput> = async (
    values,
    context,
    options,
  ) => {
    const result = await baseResolver(
      { ...values, audienceId: target === 'group' ? values.audienceId || null : null },
      context,
      options,
    );
    if (target === 'group' && !values.audienceId)
      return {
        values: {},
        errors: { ...result.errors, audienceId: { type: 'required', message: GROUP_REQUIRED } },
      };
    return result;
  };
  const form = useForm<PushNotificationInput, unknown, PushOutput>({
    resolver,
    defaultValues: { message: '', audienceId: '', isMarketing: false },
  });
  const send = useSendPushNotification();
  const onSubmit = async (values: PushOutput) => {
    try {
      const sent = await send.mutateAsync(values);
      formSuccess(
        PUSH_SENT,
        `Sent to ${sent.recipientCount} ${sent.recipientCount === 1 ? 'member' : 'members'}`,
      );
      onDone();
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to send the notification',
        form: { setError: form.setError, fields: ['message', 'audienceId', 'isMarketing'] },
      });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !send.isPending}
      idPrefix="push"
      schema={pushNotificationInputSchema}
      className="space-y-4"
      aria-label="Send Push Notification"
    >
      <Tabs value={target} onValueChange={(v) => setTarget(v as Target)}>
        <TabsList className="w-full">
          <TabsTrigger value="everyone">Send to everyone</TabsTrigger>
          <TabsTrigger value="group">Send to a group</TabsTrigger>
        </TabsList>
      </Tabs>
      {target === 'group' ? (
        <SelectField
          control={form.control}
          name="audienceId"
          label="Group"
          placeholder={groups.length ? 'Choose a group' : 'No groups yet'}
          options={groups.map((g) => ({ value: g.id, label: `${g.name} (${g.memberCount})` }))}
        />
      ) : null}
      <TextareaField
        control={form.control}
        name="message"
        label="Message"
        placeholder="Type your message..."
      />
      <SwitchField
        control={form.control}
        name="isMarketing"
        label="This is a marketing message"
        description="Marketing goes only to members who agreed to it, with an unsubscribe link."
        variant="checkbox"
      />
      <EditorDialogFooter
        onCancel={onDone}
        pending={send.isPending}
        submitLabel={send.isPending ? 'Sending...' : 'Send'}
      />
    </Form>
  );
}
