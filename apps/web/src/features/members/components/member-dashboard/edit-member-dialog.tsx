import { zodResolver } from '@hookform/resolvers/zod';
import { memberUpdateSchema, type Member } from '@fitbase/domain/contracts/members';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Separator } from '@/components/ui/separator';
import { dismissFormFeedback, formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useActiveServices } from '../../api/list-active-services';
import { useUpdateMember } from '../../api/update-member';
import { editDefaults, type EditOutput, type EditValues } from './edit-member-form';
import {
  EditAddressFields,
  EditHealthFields,
  EditMembershipFields,
  EditPersonalFields,
} from './edit-member-fields';

interface EditMemberDialogProps {
  member: Member;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Edit (docs/product/members.md#member-dashboard), membership status included. */
export function EditMemberDialog(props: EditMemberDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Member</DialogTitle>
          <DialogDescription>
            Update the member&apos;s details and membership status.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the current record. */}
        {props.open ? <EditMemberForm {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditMemberForm({ member, onOpenChange }: EditMemberDialogProps) {
  const update = useUpdateMember(member.id);
  const services = useActiveServices();
  const form = useForm<EditValues, unknown, EditOutput>({
    resolver: zodResolver(memberUpdateSchema),
    defaultValues: editDefaults(member),
  });
  const names = services.data?.map((service) => service.name) ?? [];
  const membershipTypes =
    member.membershipType && !names.includes(member.membershipType)
      ? [member.membershipType, ...names]
      : names;

  const save = async (values: EditOutput) => {
    try {
      await update.mutateAsync(values);
      formSuccess('Success!', 'Member updated successfully');
      onOpenChange(false);
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to update member',
        form: { setError: form.setError, fields: Object.keys(form.getValues()) },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={save}
      idPrefix="edit-member"
      schema={memberUpdateSchema}
      className="space-y-6"
    >
      <EditPersonalFields form={form} />
      <Separator />
      <EditMembershipFields form={form} membershipTypes={membershipTypes} />
      <Separator />
      <EditAddressFields form={form} />
      <Separator />
      <EditHealthFields form={form} />
      <DialogFooter>
        <Button
          variant="outline"
          type="button"
          onClick={() => {
            dismissFormFeedback();
            onOpenChange(false);
          }}
          disabled={update.isPending}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </Form>
  );
}
