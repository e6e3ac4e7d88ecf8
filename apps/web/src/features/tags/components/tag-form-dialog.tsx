import { useStudioId } from '@/hooks/use-studio-id';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_TAG_COLOR } from '@fitbase/domain/connect-constants';
import { tagInputSchema, type Tag, type TagInput } from '@fitbase/domain/contracts/tags';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Form } from '@/components/form/form';
import { SwatchField } from '@/components/form/swatch-field';
import { TextareaField, TextField } from '@/components/form/text-fields';
import { EditorDialog, EditorDialogFooter } from '@/components/editor-dialog';
import { reportError, reportProblem } from '@/lib/report-error';
import { useCreateTag } from '../api/create-tag';
import { useUpdateTag } from '../api/update-tag';
import { TAG_SWATCHES } from './tag-colors';

type TagOutput = ReturnType<typeof tagInputSchema.parse>;
const FIELDS = ['name', 'description', 'color'];

/** 'Create tag' (spec §2) and Edit: one form, prefilled when editing. */
export function TagFormDialog({
  open,
  onOpenChange,
  tag,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tag to edit; absent for Create tag. */
  tag?: Tag;
}) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title={tag ? 'Edit tag' : 'Create tag'}
      description="Tags label members and leads; groups and automations can use them."
    >
      {/* Mounted only while open, so each opening starts from the tag's current values. */}
      {(close) => <TagForm tag={tag} onDone={close} />}
    </EditorDialog>
  );
}

function TagForm({ tag, onDone }: { tag?: Tag; onDone: () => void }) {
  const organizationId = useStudioId();
  const form = useForm<TagInput, unknown, TagOutput>({
    resolver: zodResolver(tagInputSchema),
    defaultValues: {
      name: tag?.name ?? '',
      description: tag?.description ?? '',
      color: (tag?.color as TagInput['color']) ?? DEFAULT_TAG_COLOR,
    },
  });
  const create = useCreateTag();
  const update = useUpdateTag();
  const pending = create.isPending || update.isPending;
  // Spec §5: the name is required, and submitting without one does nothing.
  const name = useWatch({ control: form.control, name: 'name' });
  const failed = tag ? 'Failed to update tag' : 'Failed to create tag';

  const onSubmit = async (values: TagOutput) => {
    if (!organizationId) {
      reportProblem('No organization found');
      return;
    }
    try {
      if (tag) await update.mutateAsync({ id: tag.id, changes: values });
      else await create.mutateAsync(values);
      toast.success(tag ? 'Tag updated successfully' : 'Tag created successfully');
      onDone();
    } catch (error) {
      // A taken name is a 409 naming it: it belongs under the name field.
      reportError(error, {
        title: failed,
        fallback: failed,
        form: { setError: form.setError, fields: FIELDS, codeFields: { conflict: 'name' } },
        formToast: false,
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !pending && Boolean(name?.trim())}
      idPrefix="tag"
      schema={tagInputSchema}
      className="space-y-4"
      aria-label={tag ? 'Edit tag' : 'Create tag'}
    >
      <TextField control={form.control} name="name" label="Name*" required autoComplete="off" />
      <TextareaField control={form.control} name="description" label="Description" />
      <SwatchField control={form.control} name="color" label="Color" swatches={TAG_SWATCHES} />
      <EditorDialogFooter
        onCancel={onDone}
        pending={pending}
        submitLabel={tag ? 'Save tag' : 'Create tag'}
        submitDisabled={!name?.trim()}
      />
    </Form>
  );
}
