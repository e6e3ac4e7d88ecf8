import { zodResolver } from '@hookform/resolvers/zod';
import {
  serviceInputSchema,
  type Service,
  type ServiceInput,
} from '@fitbase/domain/contracts/services';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { MoneyField, NumberField } from '@/components/form/number-fields';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useCreateService } from '../api/create-service';
import { useUpdateService } from '../api/update-service';
import { serviceToForm } from '../lib/service-format';

interface ServiceFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The service to edit; absent for Add Service. */
  service?: Service;
}

/** Add Service and Edit Service (docs/product/services.md): one form, prefilled when editing. */
export function ServiceFormDialog({ open, onOpenChange, service }: ServiceFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{service ? 'Edit Service' : 'Add Service'}</DialogTitle>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the service's current values. */}
        <ServiceForm service={service} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

type ServiceOutput = ReturnType<typeof serviceInputSchema.parse>;
const FIELDS = ['name', 'description', 'price', 'durationMinutes'];

function ServiceForm({ service, onDone }: { service?: Service; onDone: () => void }) {
  const form = useForm<ServiceInput, unknown, ServiceOutput>({
    resolver: zodResolver(serviceInputSchema),
    defaultValues: serviceToForm(service),
  });
  const create = useCreateService();
  const update = useUpdateService();
  const pending = create.isPending || update.isPending;
  const name = form.watch('name');

  const onSubmit = async ({ isActive: _isActive, ...changes }: ServiceOutput) => {
    try {
      // Activation has its own buttons on the card: the dialog never changes it.
      if (service) await update.mutateAsync({ id: service.id, changes });
      else await create.mutateAsync(changes);
      formSuccess(
        'Success',
        service ? 'Service updated successfully' : 'Service created successfully',
      );
      onDone();
    } catch (error) {
      reportError(error, {
        message: service ? 'Failed to update service' : 'Failed to create service',
        form: { setError: form.setError, fields: FIELDS },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !pending}
      idPrefix="service"
      schema={serviceInputSchema}
      className="space-y-4"
      aria-label={service ? 'Edit Service' : 'Add Service'}
    >
      <TextField
        control={form.control}
        name="name"
        label="Service Name*"
        required
        autoComplete="off"
      />
      <TextareaField control={form.control} name="description" label="Description" rows={3} />
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField control={form.control} name="price" label="Price ($)" />
        <NumberField
          control={form.control}
          name="durationMinutes"
          label="Duration (minutes)"
          min={1}
        />
      </div>
      <DialogFooter>
        <Button variant="outline" type="button" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        {/* Without a name nothing happens (docs/product/services.md). */}
        <Button type="submit" disabled={pending || !name?.trim()}>
          {service ? 'Update Service' : 'Create Service'}
        </Button>
      </DialogFooter>
    </Form>
  );
}
