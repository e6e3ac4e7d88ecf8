import { zodResolver } from '@hookform/resolvers/zod';
import { FolderPlus, Tag } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { SelectField } from '@/components/form/select-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useAddTagToMembers } from '../api/add-tag-to-members';
import { useTagChoices } from '@/entities/tags/api/list-tag-choices';
import { useAddMembersToGroup, useGroupChoices } from '../api/member-groups';

const pickSchema = z.object({ choice: z.string().min(1, 'Choose one') });
type PickValues = z.infer<typeof pickSchema>;

/** A dialog asking for one choice from a list (a tag, a group), then acting on it. */
function PickDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  placeholder,
  emptyText,
  options,
  loading,
  pending,
  submitLabel,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  placeholder: string;
  emptyText: string;
  options: { value: string; label: string }[];
  loading: boolean;
  pending: boolean;
  submitLabel: string;
  onPick: (choice: string) => Promise<void>;
}) {
  const form = useForm<PickValues>({
    resolver: zodResolver(pickSchema),
    defaultValues: { choice: '' },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {!loading && options.length === 0 ? (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <Form
            form={form}
            idPrefix={title.toLowerCase().replace(/\W+/g, '-')}
            schema={pickSchema}
            canSubmit={() => !pending}
            onSubmit={async ({ choice }) => {
              await onPick(choice);
              form.reset();
            }}
            className="space-y-4"
            aria-label={title}
          >
            <SelectField
              control={form.control}
              name="choice"
              label={label}
              placeholder={loading ? 'Loading...' : placeholder}
              options={options}
              required
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending || loading}>
                {submitLabel}
              </Button>
            </DialogFooter>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

const plural = (n: number) => `${n} member${n === 1 ? '' : 's'}`;

/**
 * What the directory does with its selected rows (docs/product/connect-and-messaging.md): tag
 * them, or add them to a manual group. Each action shows only to roles allowed to take it.
 */
export function MembersBulkActions({
  selectedIds,
  canTag,
  canGroup,
  onDone,
}: {
  selectedIds: string[];
  canTag: boolean;
  canGroup: boolean;
  onDone: () => void;
}) {
  const [dialog, setDialog] = useState<'tag' | 'group' | null>(null);
  const tags = useTagChoices(dialog === 'tag');
  const groups = useGroupChoices(dialog === 'group');
  const addTag = useAddTagToMembers();
  const addToGroup = useAddMembersToGroup();
  const count = selectedIds.length;

  const tagMembers = async (tagId: string) => {
    try {
      const result = await addTag.mutateAsync({ tagId, memberIds: selectedIds });
      const name = tags.data?.find((tag) => tag.id === tagId)?.name ?? 'the tag';
      formSuccess('Success', `Tagged ${plural(count)} with ${name} (${result.changed} newly)`);
      setDialog(null);
      onDone();
    } catch (error) {
      reportError(error, { fallback: 'Failed to add the tag', formToast: true });
    }
  };
  const groupMembers = async (groupId: string) => {
    try {
      const result = await addToGroup.mutateAsync({ groupId, memberIds: selectedIds });
      const name = groups.data?.find((group) => group.id === groupId)?.name ?? 'the group';
      formSuccess('Success', `Added ${plural(result.added)} to ${name}`);
      setDialog(null);
      onDone();
    } catch (error) {
      reportError(error, { fallback: 'Failed to add members to the group', formToast: true });
    }
  };

  return (
    <>
      {canTag ? (
        <Button variant="outline" size="sm" onClick={() => setDialog('tag')} disabled={!count}>
          <Tag aria-hidden />
          Add tag
        </Button>
      ) : null}
      {canGroup ? (
        <Button variant="outline" size="sm" onClick={() => setDialog('group')} disabled={!count}>
          <FolderPlus aria-hidden />
          Add to group
        </Button>
      ) : null}
      <PickDialog
        open={dialog === 'tag'}
        onOpenChange={(open) => setDialog(open ? 'tag' : null)}
        title="Add tag"
        description={`Tag the ${plural(count)} you selected.`}
        label="Tag"
        placeholder="Select a tag"
        emptyText="No tags yet: create one under Connect → Tags."
        options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
        loading={tags.isPending}
        pending={addTag.isPending}
        submitLabel="Add tag"
        onPick={tagMembers}
      />
      <PickDialog
        open={dialog === 'group'}
        onOpenChange={(open) => setDialog(open ? 'group' : null)}
        title="Add to group"
        description={`Add the ${plural(count)} you selected to a group kept by hand (groups made from rules fill themselves).`}
        label="Group"
        placeholder="Select a group"
        emptyText="No groups kept by hand yet: create one under Members → Groups."
        options={(groups.data ?? [])
          .filter((group) => group.kind === 'manual')
          .map((group) => ({ value: group.id, label: group.name }))}
        loading={groups.isPending}
        pending={addToGroup.isPending}
        submitLabel="Add to group"
        onPick={groupMembers}
      />
    </>
  );
}
