import { zodResolver } from '@hookform/resolvers/zod';
import {
  leadSourceInputSchema,
  type LeadSource,
  type LeadSourceInput,
} from '@fitbase/domain/contracts/leads';
import { Plus, Power } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/form-errors';
import { formSuccess } from '@/lib/form-feedback';
import { cn } from '@/lib/utils';
import { reportError } from '@/lib/report-error';
import { useCreateLeadSource } from '../api/create-lead-source';
import { useUpdateLeadSource } from '../api/update-lead-source';

/** The spec's Lead Sources list: name, lead count and the active dot; add and deactivate. */
export function LeadSourcesCard({
  sources,
  loading,
  error,
  canManage,
}: {
  sources: LeadSource[] | undefined;
  loading: boolean;
  error: unknown;
  canManage: boolean;
}) {
  const update = useUpdateLeadSource();
  const setActive = (source: LeadSource, isActive: boolean) =>
    update.mutate(
      { id: source.id, changes: { isActive } },
      {
        onSuccess: () =>
          toast.success('Success', {
            description: `${source.name} ${isActive ? 'activated' : 'deactivated'}`,
          }),
        onError: (e) => reportError(e, { fallback: 'Failed to update the source' }),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Lead Sources</h2>
        </CardTitle>
        <CardDescription>Where your leads come from, with their number of leads</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {loading ? (
          <Skeleton className="h-24 w-full" aria-label="Loading lead sources..." />
        ) : error ? (
          <p role="alert" className="text-destructive">
            {failureMessage(error, 'Failed to load lead sources')}
          </p>
        ) : sources && sources.length > 0 ? (
          <ul className="divide-y rounded-md border" aria-label="Lead sources">
            {sources.map((source) => (
              <li key={source.id} className="flex items-center justify-between gap-3 px-4 py-3">
                <div className="flex items-center gap-3">
                  <span
                    className={cn(
                      'size-2.5 rounded-full',
                      source.isActive ? 'bg-green-600' : 'bg-muted-foreground/40',
                    )}
                    aria-hidden
                  />
                  <span className="font-medium">{source.name}</span>
                  <span className="sr-only">{source.isActive ? 'Active' : 'Inactive'}</span>
                </div>
                <div className="flex items-center gap-3">
                  <span className="text-sm text-muted-foreground tabular-nums">
                    {source.leadCount} {source.leadCount === 1 ? 'lead' : 'leads'}
                  </span>
                  {canManage ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`${source.isActive ? 'Deactivate' : 'Activate'} ${source.name}`}
                      disabled={update.isPending && update.variables?.id === source.id}
                      onClick={() => setActive(source, !source.isActive)}
                    >
                      <Power aria-hidden />
                      {source.isActive ? 'Deactivate' : 'Activate'}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="py-4 text-center text-muted-foreground">No lead sources yet</p>
        )}
        {canManage ? <AddSourceForm /> : null}
      </CardContent>
    </Card>
  );
}

function AddSourceForm() {
  const form = useForm<LeadSourceInput>({
    resolver: zodResolver(leadSourceInputSchema),
    defaultValues: { name: '' },
  });
  const create = useCreateLeadSource();
  const onSubmit = async (values: LeadSourceInput) => {
    try {
      await create.mutateAsync(values);
      formSuccess('Success', `${values.name.trim()} added`);
      form.reset({ name: '' });
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to add source',
        form: { setError: form.setError, fields: ['name'], afterFields: 'none' },
      });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !create.isPending}
      idPrefix="lead-source"
      schema={leadSourceInputSchema}
      className="flex flex-wrap items-start gap-2"
      aria-label="Add source"
    >
      <TextField
        control={form.control}
        name="name"
        label="New source"
        placeholder="e.g. Instagram"
        className="min-w-48 flex-1"
        autoComplete="off"
      />
      <Button type="submit" className="mt-6" disabled={create.isPending}>
        <Plus aria-hidden />
        Add Source
      </Button>
    </Form>
  );
}
