import { zodResolver } from '@hookform/resolvers/zod';
import {
  createWebhookEndpointInputSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type CreateWebhookEndpointInput,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@fitbase/domain/contracts/webhooks';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-fields';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '../api/save-webhook-endpoint';

type Output = ReturnType<typeof createWebhookEndpointInputSchema.parse>;
const resolver = zodResolver(createWebhookEndpointInputSchema) as unknown as Resolver<
  CreateWebhookEndpointInput,
  unknown,
  Output
>;

export interface WebhookEndpointDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this endpoint; absent: `Add endpoint`. */
  endpoint?: WebhookEndpoint;
}

/** `Add endpoint` and `Edit`: the https:// address, a description and the events it receives. */
export function WebhookEndpointDialog({
  open,
  onOpenChange,
  endpoint,
}: WebhookEndpointDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      description="FitBase sends each chosen event to this address as a signed POST request."
      className="max-h-[90vh] overflow-y-auto"
    >
      {(close) => <EndpointForm endpoint={endpoint} onDone={close} />}
    </EditorDialog>
  );
}

function EndpointForm({ endpoint, onDone }: { endpoint?: WebhookEndpoint; onDone: () => void }) {
  const form = useForm<CreateWebhookEndpointInput, unknown, Output>({
    resolver,
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [],
    },
  });
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const pending = create.isPending || update.isPending;

  const onSubmit = async (values: Output) => {
    try {
      if (endpoint) await update.mutateAsync({ id: endpoint.id, changes: values });
      else await create.mutateAsync(values);
      formSuccess(endpoint ? 'Endpoint saved' : 'Endpoint added');
      onDone();
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to save the endpoint',
        form: { setError: form.setError, fields: ['url', 'description', 'events'] },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !pending}
      idPrefix="webhook"
      schema={createWebhookEndpointInputSchema}
      className="space-y-4"
      aria-label={endpoint ? 'Edit endpoint' : 'Add endpoint'}
    >
      <TextField
        control={form.control}
        name="url"
        label="Endpoint URL*"
        type="url"
        placeholder="https://example.com/webhooks/fitbase"
        required
      />
      <TextField control={form.control} name="description" label="Description" />
      <Controller
        control={form.control}
        name="events"
        render={({ field, fieldState }) => {
          const chosen = new Set(field.value as WebhookEventType[]);
          const toggle = (type: WebhookEventType, on: boolean) =>
            field.onChange(WEBHOOK_EVENT_TYPES.filter((t) => (t === type ? on : chosen.has(t))));
          return (
            <fieldset className="space-y-2" aria-describedby="webhook-events-error">
              <legend className="text-sm font-medium">Events*</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <div key={type} className="flex items-center gap-2">
                    <Checkbox
                      id={`webhook-event-${type}`}
                      checked={chosen.has(type)}
                      onCheckedChange={(checked) => toggle(type, checked === true)}
                    />
                    <Label htmlFor={`webhook-event-${type}`} className="font-normal">
                      {WEBHOOK_EVENT_LABELS[type]}{' '}
                      <code className="text-xs text-muted-foreground">{type}</code>
                    </Label>
                  </div>
                ))}
              </div>
              {fieldState.error ? (
                <p id="webhook-events-error" role="alert" className="text-sm text-destructive">
                  {fieldState.error.message}
                </p>
              ) : null}
            </fieldset>
          );
        }}
      />
      <EditorDialogFooter
        onCancel={onDone}
        pending={pending}
        submitLabel={endpoint ? 'Save endpoint' : 'Add endpoint'}
      />
    </Form>
  );
}
