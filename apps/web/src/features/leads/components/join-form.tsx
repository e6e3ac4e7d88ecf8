import { zodResolver } from '@hookform/resolvers/zod';
import {
  publicJoinSchema,
  type PublicJoinInfo,
  type PublicJoinInput,
} from '@fitbase/domain/contracts/leads';
import { useForm, type Resolver } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { reportError } from '@/lib/report-error';
import { useSubmitJoin } from '../api/public-join';

type JoinOutput = ReturnType<typeof publicJoinSchema.parse>;
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'sourceId'];

const baseResolver = zodResolver(publicJoinSchema) as unknown as Resolver<
  PublicJoinInput,
  unknown,
  JoinOutput
>;
const resolver: Resolver<PublicJoinInput, unknown, JoinOutput> = (values, context, options) =>
  baseResolver({ ...values, sourceId: values.sourceId || null }, context, options);

/** The public lead form: the honeypot `website` field is hidden from people and screen readers. */
export function JoinForm({
  slug,
  info,
  onSent,
}: {
  slug: string;
  info: PublicJoinInfo;
  onSent: () => void;
}) {
  const form = useForm<PublicJoinInput, unknown, JoinOutput>({
    resolver,
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', sourceId: '', website: '' },
  });
  const submit = useSubmitJoin();
  const onSubmit = async (values: JoinOutput) => {
    try {
      await submit.mutateAsync({ slug, input: values });
      onSent();
    } catch (error) {
      reportError(error, {
        fallback: 'Could not send the form',
        form: { setError: form.setError, fields: FIELDS },
      });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !submit.isPending}
      idPrefix="join"
      schema={publicJoinSchema}
      className="space-y-4"
      aria-label={`Join ${info.studioName}`}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="firstName"
          label="First Name*"
          required
          autoComplete="given-name"
        />
        <TextField
          control={form.control}
          name="lastName"
          label="Last Name*"
          required
          autoComplete="family-name"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="email" label="Email" autoComplete="email" />
        <TextField control={form.control} name="phone" label="Phone" autoComplete="tel" />
      </div>
      {info.sources.length > 0 ? (
        <SelectField
          control={form.control}
          name="sourceId"
          label="How did you hear about us?"
          placeholder="Choose one"
          options={info.sources.map((s) => ({ value: s.id, label: s.name }))}
        />
      ) : null}
      {/* Bots fill every field they find; people never see this one. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="join-website">Website</label>
        <input
          id="join-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register('website')}
        />
      </div>
      <Button type="submit" className="w-full" disabled={submit.isPending}>
        {submit.isPending ? 'Sending...' : 'Send'}
      </Button>
    </Form>
  );
}
