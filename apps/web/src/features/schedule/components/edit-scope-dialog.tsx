import { EDIT_SCOPES, type EditScope } from '@fitbase/domain/schedule-constants';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export const EDIT_SCOPE_LABELS: Record<EditScope, string> = {
  this: 'This session',
  following: 'This and following sessions',
  all: 'All sessions',
};

/** "Edit recurring class": which sessions a change applies to. */
export function EditScopeDialog({
  open,
  onOpenChange,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (scope: EditScope) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Edit recurring class</DialogTitle>
          <DialogDescription>Which sessions should the change apply to?</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          {EDIT_SCOPES.map((scope) => (
            <Button key={scope} type="button" variant="outline" onClick={() => onChoose(scope)}>
              {EDIT_SCOPE_LABELS[scope]}
            </Button>
          ))}
        </div>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
