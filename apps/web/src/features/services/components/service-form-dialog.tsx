import type { Service } from '@fitbase/domain/contracts/services';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useCreateService } from '../api/create-service';
import { useUpdateService } from '../api/update-service';
import {
  EMPTY_SERVICE_FORM,
  formToPayload,
  serviceToForm,
  type ServiceFormValues,
} from '../lib/service-format';

interface ServiceFormDialogProps {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The service to edit; absent for Add Service. */
  service?: Service;
}

/** Add Service and Edit Service (doc 2 §2): one form, prefilled when editing. */
export function ServiceFormDialog({
  organizationId,
  open,
  onOpenChange,
  service,
}: ServiceFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{service ? 'Edit Service' : 'Add Service'}</DialogTitle>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the service's current values. */}
        <ServiceForm
          organizationId={organizationId}
          service={service}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

type FieldName = keyof ServiceFormValues;

function ServiceForm({
  organizationId,
  service,
  onDone,
}: {
  organizationId: string;
  service?: Service;
  onDone: () => void;
}) {
  const [values, setValues] = useState<ServiceFormValues>(() =>
    service ? serviceToForm(service) : EMPTY_SERVICE_FORM,
  );
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const create = useCreateService(organizationId);
  const update = useUpdateService(organizationId);
  const pending = create.isPending || update.isPending;

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const name = event.target.name as FieldName;
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  const onError = (fallback: string) => (error: Error) => {
    if (error instanceof ApiError && error.fields) setErrors(error.fields as typeof errors);
    toast.error('Error', { description: fallback });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = formToPayload(values);
    // Doc 2 §5: without a name nothing happens.
    if (!payload.name || pending) return;
    if (service) {
      update.mutate(
        { id: service.id, changes: payload },
        {
          onSuccess: () => {
            toast.success('Success', { description: 'Service updated successfully' });
            onDone();
          },
          onError: onError('Failed to update service'),
        },
      );
    } else {
      create.mutate(payload, {
        onSuccess: () => {
          toast.success('Success', { description: 'Service created successfully' });
          onDone();
        },
        onError: onError('Failed to create service'),
      });
    }
  };

  const field = (name: FieldName) => ({
    id: `service-${name}`,
    name,
    value: values[name],
    onChange,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `service-${name}-error` : undefined,
  });
  const message = (name: FieldName) =>
    errors[name] ? (
      <p id={`service-${name}-error`} className="text-sm text-destructive">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      onSubmit={onSubmit}
      className="space-y-4"
      aria-label={service ? 'Edit Service' : 'Add Service'}
    >
      <div className="space-y-2">
        <Label htmlFor="service-name">Service Name*</Label>
        <Input {...field('name')} aria-required autoComplete="off" maxLength={120} />
        {message('name')}
      </div>
      <div className="space-y-2">
        <Label htmlFor="service-description">Description</Label>
        <Textarea {...field('description')} rows={3} maxLength={2000} />
        {message('description')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="service-price">Price ($)</Label>
          <Input {...field('price')} type="number" inputMode="decimal" min="0" step="0.01" />
          {message('price')}
        </div>
        <div className="space-y-2">
          <Label htmlFor="service-durationMinutes">Duration (minutes)</Label>
          <Input {...field('durationMinutes')} type="number" inputMode="numeric" min="1" step="1" />
          {message('durationMinutes')}
        </div>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || !values.name.trim()}>
          {service ? 'Update Service' : 'Create Service'}
        </Button>
      </DialogFooter>
    </form>
  );
}
