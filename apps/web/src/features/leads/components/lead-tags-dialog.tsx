import type { Lead } from '@fitbase/domain/contracts/leads';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { failureMessage } from '@/lib/form-errors';
import { formSuccess } from '@/lib/form-feedback';
import { useTagChoices } from '@/entities/tags/api/list-tag-choices';
import { reportError } from '@/lib/report-error';
import { useSetLeadTags } from '../api/set-lead-tags';

export interface LeadTagsDialogProps {
  lead: Lead | undefined;
  onOpenChange: (open: boolean) => void;
}

/** Tags of one lead: tick the studio's tags it carries; saving sets exactly the ticked ones. */
export function LeadTagsDialog({ lead, onOpenChange }: LeadTagsDialogProps) {
  const name = lead ? `${lead.firstName} ${lead.lastName}` : '';
  return (
    <Dialog open={Boolean(lead)} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Tags of {name}</DialogTitle>
          <DialogDescription>Tick the tags this lead carries.</DialogDescription>
        </DialogHeader>
        {lead ? (
          <LeadTagsForm key={lead.id} lead={lead} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function LeadTagsForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const choices = useTagChoices();
  const save = useSetLeadTags();
  const [selected, setSelected] = useState<ReadonlySet<string>>(
    () => new Set(lead.tags.map((t) => t.id)),
  );
  const idPrefix = useId();
  const toggle = (tagId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(tagId);
      else next.delete(tagId);
      return next;
    });

  const onSave = async () => {
    // Only tags still offered are sent: one deleted meanwhile would be refused as unknown.
    const known = new Set((choices.data ?? []).map((t) => t.id));
    try {
      await save.mutateAsync({ id: lead.id, tagIds: [...selected].filter((id) => known.has(id)) });
      formSuccess('Success', 'Tags saved');
      onDone();
    } catch (error) {
      reportError(error, { fallback: 'Failed to save the tags', formToast: true });
    }
  };

  return (
    <div className="space-y-4">
      {choices.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(choices.error, 'Failed to load tags')}
        </p>
      ) : choices.isPending ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : choices.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No tags yet. Create tags on the Tags page first.
        </p>
      ) : (
        <ul aria-label="Tags" className="space-y-2">
          {choices.data.map((tag) => {
            const id = `${idPrefix}-${tag.id}`;
            return (
              <li key={tag.id} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={selected.has(tag.id)}
                  onCheckedChange={(checked) => toggle(tag.id, checked === true)}
                  disabled={save.isPending}
                />
                <Label htmlFor={id} className="font-normal">
                  <span
                    className="size-2.5 rounded-full"
                    style={{ backgroundColor: tag.color }}
                    aria-hidden
                  />
                  {tag.name}
                </Label>
              </li>
            );
          })}
        </ul>
      )}
      <DialogFooter>
        <Button variant="outline" type="button" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button
          type="button"
          onClick={() => void onSave()}
          disabled={save.isPending || !choices.isSuccess}
        >
          Save Tags
        </Button>
      </DialogFooter>
    </div>
  );
}
