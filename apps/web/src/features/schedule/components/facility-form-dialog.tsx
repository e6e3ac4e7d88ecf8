import {
  facilityInputSchema,
  type Facility,
  type FacilityInput,
} from '@fitbase/domain/contracts/schedule';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { NumberField } from '@/components/form/number-fields';
import { TextField } from '@/components/form/text-fields';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useCreateFacility } from '../api/create-facility';
import { useUpdateFacility } from '../api/update-facility';

interface FacilityFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The room to edit; absent for Add Facility. */
  facility?: Facility;
}

/** Add Facility and Edit Facility: a room's name and how many people it holds. */
export function FacilityFormDialog({ open, onOpenChange, ...rest }: FacilityFormDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title={rest.facility ? 'Edit Facility' : 'Add Facility'}
    >
      {(close) => <FacilityForm {...rest} onDone={close} />}
    </EditorDialog>
  );
}

type FacilityOutput = ReturnType<typeof facilityInputSchema.parse>;

function FacilityForm({
  facility,
  onDone,
}: Omit<FacilityFormDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const form = useForm<FacilityInput, unknown, FacilityOutput>({
    resolver: zodResolver(facilityInputSchema),
    defaultValues: { name: facility?.name ?? '', capacity: facility?.capacity },
  });
  const create = useCreateFacility();
  const update = useUpdateFacility();
  const pending = create.isPending || update.isPending;
  const verb = facility ? 'update' : 'create';

  const onSubmit = async (values: FacilityOutput) => {
    try {
      if (facility) await update.mutateAsync({ id: facility.id, changes: values });
      else await create.mutateAsync(values);
      formSuccess(
        'Success',
        facility ? 'Facility updated successfully' : 'Facility created successfully',
      );
      onDone();
    } catch (error) {
      reportError(error, {
        fallback: `Failed to ${verb} facility`,
        form: { setError: form.setError, fields: ['name', 'capacity'], afterFields: 'fallback' },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !pending}
      idPrefix="facility"
      schema={facilityInputSchema}
      className="space-y-4"
      aria-label={facility ? 'Edit Facility' : 'Add Facility'}
    >
      <TextField control={form.control} name="name" label="Name*" required autoComplete="off" />
      <NumberField control={form.control} name="capacity" label="Capacity*" required step={1} />
      <EditorDialogFooter
        onCancel={onDone}
        pending={pending}
        submitLabel={facility ? 'Update Facility' : 'Create Facility'}
      />
    </Form>
  );
}
