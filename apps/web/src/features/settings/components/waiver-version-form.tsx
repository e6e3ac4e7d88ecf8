import { zodResolver } from '@hookform/resolvers/zod';
import {
  waiverVersionInputSchema,
  type WaiverVersionInput,
} from '@fitbase/domain/contracts/waivers';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useCreateWaiverVersion } from '../api/waivers';

/** `New version`: starts from the current text, saved as the next version number. */
export function WaiverVersionForm({ current }: { current: WaiverVersionInput | null }) {
  const form = useForm<WaiverVersionInput>({
    resolver: zodResolver(waiverVersionInputSchema),
    defaultValues: current ?? { title: 'Liability waiver', body: '' },
  });
  const create = useCreateWaiverVersion();
  const onSubmit = async (values: WaiverVersionInput) => {
    try {
      const saved = await create.mutateAsync(values);
      formSuccess(`Version ${saved.version} saved`, 'Members sign this version from now on.');
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to save the new version',
        form: { setError: form.setError, fields: ['title', 'body'] },
      });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !create.isPending}
      idPrefix="waiver-version"
      schema={waiverVersionInputSchema}
      className="space-y-4"
      aria-label="New version"
    >
      <TextField control={form.control} name="title" label="Title" required />
      <TextareaField control={form.control} name="body" label="Waiver text" rows={12} required />
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving...' : 'Save new version'}
        </Button>
      </div>
    </Form>
  );
}
