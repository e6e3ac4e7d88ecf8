import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export interface EditorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The dialog's own classes (a long form: 'max-h-[90vh] overflow-y-auto'). */
  className?: string;
  /**
   * The form, mounted only while the dialog is open, so each opening starts from the record's
   * current values and nothing typed in a closed dialog comes back; `close` closes it.
   */
  children: (close: () => void) => ReactNode;
}

/** The frame of an Add / Edit dialog: a title, an optional description and the form. */
export function EditorDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  children,
}: EditorDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {open ? children(() => onOpenChange(false)) : null}
      </DialogContent>
    </Dialog>
  );
}

export interface EditorDialogFooterProps {
  onCancel: () => void;
  /** The form's request is under way: both buttons wait. */
  pending: boolean;
  /** The submit button's text ('Save Code', 'Add Product'). */
  submitLabel: ReactNode;
  /** The form cannot be sent yet (a required name still empty): the submit button waits too. */
  submitDisabled?: boolean;
}

/** Cancel and the submit button at the foot of an editor dialog's form. */
export function EditorDialogFooter({
  onCancel,
  pending,
  submitLabel,
  submitDisabled = false,
}: EditorDialogFooterProps) {
  return (
    <DialogFooter>
      <Button variant="outline" type="button" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending || submitDisabled}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
