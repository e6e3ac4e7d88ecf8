import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  createApiKeyInputSchema,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@fitbase/domain/contracts/api-keys';
import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Form } from '@/components/form/form';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { dismissFormFeedback, formSuccess } from '@/lib/form-feedback';
import { reportError, reportProblem } from '@/lib/report-error';
import { useCreateApiKey } from '../api/create-api-key';

const SCOPE_OPTIONS = API_KEY_SCOPES.map((scope) => ({
  value: scope,
  label: API_KEY_SCOPE_LABELS[scope],
}));

/**
 * `Create API key` (docs/product/integrations.md#api-keys): a name and a scope, then the key.
 * The key lives only in this dialog's state: closing it forgets the key, and the server keeps
 * only its hash (a lost key is replaced by revoking it and creating another).
 */
export function ApiKeyCreateDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const change = (next: boolean) => {
    if (!next) {
      setCreated(null);
      dismissFormFeedback();
    }
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        // The key is shown only once: a stray click beside the dialog must not lose it.
        onInteractOutside={(event) => {
          if (created) event.preventDefault();
        }}
      >
        {created ? (
          <ShownKey created={created} onDone={() => change(false)} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Create API key</DialogTitle>
              <DialogDescription>
                Name the key after what uses it, so you know which one to revoke.
              </DialogDescription>
            </DialogHeader>
            <KeyForm onCreated={setCreated} onCancel={() => change(false)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function KeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const create = useCreateApiKey();
  const form = useForm<CreateApiKeyInput>({
    resolver: zodResolver(createApiKeyInputSchema),
    defaultValues: { name: '', scope: 'read' },
  });
  const onSubmit = async (values: CreateApiKeyInput) => {
    try {
      const created = await create.mutateAsync(values);
      formSuccess('API key created', 'Copy it now: it is shown only once');
      onCreated(created);
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to create the API key',
        form: { setError: form.setError, fields: ['name', 'scope'] },
      });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !create.isPending}
      idPrefix="create-api-key"
      schema={createApiKeyInputSchema}
      className="space-y-4"
      aria-label="Create API key"
    >
      <TextField
        control={form.control}
        name="name"
        label="Name"
        placeholder="Door access"
        autoComplete="off"
        required
      />
      <SelectField
        control={form.control}
        name="scope"
        label="Scope"
        options={SCOPE_OPTIONS}
        description="A Read only key cannot change anything."
        required
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create API key'}
        </Button>
      </DialogFooter>
    </Form>
  );
}

function ShownKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success('API key copied');
    } catch {
      reportProblem('Could not copy', 'Select the key and copy it yourself.');
    }
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>{created.apiKey.name}</DialogTitle>
        <DialogDescription>
          Copy this key now and keep it somewhere safe: FitBase shows it only once.
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-2">
        <Label htmlFor={id}>API key</Label>
        <div className="flex gap-2">
          <Input
            id={id}
            readOnly
            value={created.key}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
            data-testid="api-key-value"
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden />
            Copy
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          Send it as <code>Authorization: Bearer {created.apiKey.prefix}…</code> on any request to
          this studio&apos;s API.
        </p>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </>
  );
}
