import type { MemberListItem } from '@fitbase/domain/contracts/members';
import { useEffect, useRef, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { PickerField } from '@/components/form/picker-field';
import { TextField } from '@/components/form/text-fields';
import { useMemberSearch } from './use-member-search';

const SEARCH_DEBOUNCE_MS = 250;

function memberOptionLabel(member: MemberListItem): string {
  return `${`${member.firstName} ${member.lastName}`.trim()} · ${member.email ?? 'No email'}`;
}

/**
 * Find a member by name or email, then choose them: a search box and a picker of its matches.
 * The chosen member stays in the list while the search changes, so the choice never vanishes.
 * Members in `excludedMemberIds` (already booked, say) are not offered.
 */
export function MemberSearchFields<T extends FieldValues, TOut>({
  control,
  searchName,
  memberName,
  label = 'Member',
  excludedMemberIds,
  onChosenChange,
  disabled,
}: {
  control: Control<T, unknown, TOut>;
  searchName: FieldPath<T>;
  memberName: FieldPath<T>;
  /** The picker's label. */
  label?: string;
  excludedMemberIds?: ReadonlySet<string>;
  /** Told the chosen member (or undefined) whenever the choice changes; pass a stable function. */
  onChosenChange?: (member: MemberListItem | undefined) => void;
  disabled?: boolean;
}) {
  const search = String(useWatch({ control, name: searchName }) ?? '');
  const memberId = useWatch({ control, name: memberName }) as string | null | undefined;
  const [debounced, setDebounced] = useState(search.trim());
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const members = useMemberSearch(debounced);
  const known = useRef(new Map<string, MemberListItem>());
  for (const member of members.data ?? []) known.current.set(member.id, member);
  const matches = (members.data ?? []).filter((m) => !excludedMemberIds?.has(m.id));
  const chosen = memberId ? known.current.get(memberId) : undefined;
  const options = [
    ...(chosen && !matches.some((m) => m.id === chosen.id) ? [chosen] : []),
    ...matches,
  ].map((member) => ({ value: member.id, label: memberOptionLabel(member) }));

  useEffect(() => onChosenChange?.(chosen), [chosen, onChosenChange]);

  const description = members.isError
    ? 'Members could not be loaded. Try again.'
    : members.isPending
      ? 'Loading members...'
      : matches.length === 0
        ? 'No members found'
        : `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}`;

  return (
    <>
      <TextField
        control={control}
        name={searchName}
        label="Search members"
        type="search"
        placeholder="Name or email"
        autoComplete="off"
        disabled={disabled}
      />
      <PickerField
        control={control}
        name={memberName}
        label={label}
        description={description}
        options={options}
        emptyOption="Choose a member"
        disabled={disabled}
      />
    </>
  );
}
