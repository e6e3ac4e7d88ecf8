import { Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useTagChoices } from '@/entities/tags/api/list-tag-choices';
import { reportError } from '@/lib/report-error';
import { useMemberTags, useSetMemberTags } from '../../api/member-tags';

/**
 * The member's tags as coloured chips (docs/product/connect-and-messaging.md#tags); roles that
 * may edit members add and remove them here.
 */
export function MemberTags({ memberId, canEdit }: { memberId: string; canEdit: boolean }) {
  const assigned = useMemberTags(memberId);
  const choices = useTagChoices(canEdit);
  const save = useSetMemberTags(memberId);
  const current = assigned.data ?? [];
  const available = (choices.data ?? []).filter((tag) => !current.some((c) => c.id === tag.id));

  const setTags = (tagIds: string[]) =>
    save.mutate(tagIds, {
      onError: (error) =>
        reportError(error, { fallback: 'Failed to update tags', formToast: true }),
    });

  if (assigned.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load tags
      </p>
    );
  return (
    <section aria-label="Tags" className="flex flex-wrap items-center gap-2">
      <h2 className="text-sm font-medium text-muted-foreground">Tags</h2>
      {assigned.isPending ? (
        <span className="text-sm text-muted-foreground">Loading...</span>
      ) : current.length === 0 ? (
        <span className="text-sm text-muted-foreground">No tags</span>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {current.map((tag) => (
            <li
              key={tag.id}
              className="inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium"
            >
              <span
                className="size-2 rounded-full"
                style={{ backgroundColor: tag.color }}
                aria-hidden
              />
              {tag.name}
              {canEdit ? (
                <button
                  type="button"
                  className="-mr-1 rounded-full p-0.5 hover:bg-muted disabled:opacity-50"
                  aria-label={`Remove tag ${tag.name}`}
                  disabled={save.isPending}
                  onClick={() => setTags(current.filter((c) => c.id !== tag.id).map((c) => c.id))}
                >
                  <X className="size-3" aria-hidden />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" disabled={save.isPending}>
              <Plus aria-hidden />
              Add tag
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="max-h-72 overflow-y-auto">
            {choices.isPending ? (
              <DropdownMenuItem disabled>Loading...</DropdownMenuItem>
            ) : available.length === 0 ? (
              <DropdownMenuItem disabled>
                {choices.data?.length ? 'Every tag is on this member' : 'No tags yet'}
              </DropdownMenuItem>
            ) : (
              available.map((tag) => (
                <DropdownMenuItem
                  key={tag.id}
                  onSelect={() => setTags([...current.map((c) => c.id), tag.id])}
                >
                  <span
                    className="size-2.5 rounded-full"
                    style={{ backgroundColor: tag.color }}
                    aria-hidden
                  />
                  {tag.name}
                </DropdownMenuItem>
              ))
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </section>
  );
}
