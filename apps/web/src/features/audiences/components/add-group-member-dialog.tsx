import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { MemberSearchFields } from '@/components/member-search/member-search-fields';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useAddAudienceMembers } from '../api/add-audience-members';

const addSchema = z.object({
  search: z.string().max(100, 'Search is at most 100 characters'),
  memberId: z
    .string()
    .nullable()
    .refine((value) => Boolean(value), 'Choose a member'),
});
type AddForm = z.input<typeof addSchema>;
type AddOutput = z.output<typeof addSchema>;

/** Add a member to a manual group: search by name or email, pick, add. */
export function AddGroupMemberDialog({
  groupId,
  groupName,
  open,
  onOpenChange,
}: {
  groupId: string;
  groupName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add member"
      description={<>Add a member to {groupName}.</>}
    >
      {(close) => <AddMemberForm groupId={groupId} onDone={close} />}
    </EditorDialog>
  );
}

function AddMemberForm({ groupId, onDone }: { groupId: string; onDone: () => void }) {
  const form = useForm<AddForm, unknown, AddOutput>({
    resolver: zodResolver(addSchema),
    defaultValues: { search: '', memberId: null },
  });
  const memberId = useWatch({ control: form.control, name: 'memberId' });
  const add = useAddAudienceMembers();

  const onSubmit = async ({ memberId: id }: AddOutput) => {
    try {
      const result = await add.mutateAsync({ id: groupId, memberIds: [id as string] });
      formSuccess(
        'Success',
        result.added === 0 ? 'Already in the group' : 'Member added to the group',
      );
      onDone();
    } catch (error) {
      reportError(error, { fallback: 'Failed to add the member', formToast: true });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !add.isPending}
      idPrefix="group-member"
      schema={addSchema}
      className="space-y-4"
      aria-label="Add member"
    >
      <MemberSearchFields
        control={form.control}
        searchName="search"
        memberName="memberId"
        disabled={add.isPending}
      />
      <EditorDialogFooter
        onCancel={onDone}
        pending={add.isPending}
        submitLabel={add.isPending ? 'Adding...' : 'Add'}
        submitDisabled={!memberId}
      />
    </Form>
  );
}
