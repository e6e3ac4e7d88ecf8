import { MEMBERSHIP_STATUSES, type MembershipStatus } from '@fitbase/domain/constants';
import { Filter } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { STATUS_LABELS } from './member-format';

const ALL = '__all__';

export interface FilterValue {
  status: MembershipStatus | null;
  membershipType: string | null;
  tagId: string | null;
}

export const NO_FILTER: FilterValue = { status: null, membershipType: null, tagId: null };

export interface TagOption {
  id: string;
  name: string;
  color: string;
}

/**
 * The membership types to filter by: a member sold a plan carries the plan's name, older members
 * a service name (docs/product/money-and-store.md#plans-and-memberships). Both, once each, sorted.
 */
export function membershipTypeOptions(planNames: string[], serviceNames: string[]): string[] {
  return [...new Set([...planNames, ...serviceNames])].sort((a, b) => a.localeCompare(b));
}

/**
 * The Filter button (docs/product/members.md#members-directory): membership status, membership
 * type and tag.
 */
export function MembersFilter({
  value,
  membershipTypes,
  tags,
  onChange,
}: {
  value: FilterValue;
  membershipTypes: string[];
  tags: TagOption[];
  onChange: (value: FilterValue) => void;
}) {
  const activeCount = [value.status, value.membershipType, value.tagId].filter(Boolean).length;
  // A filtered type no longer offered (plan or service retired) stays selectable, to be seen.
  const types =
    value.membershipType && !membershipTypes.includes(value.membershipType)
      ? [...membershipTypes, value.membershipType]
      : membershipTypes;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          aria-label={activeCount ? `Filter (${activeCount} active)` : 'Filter'}
        >
          <Filter aria-hidden />
          Filter
          {activeCount ? (
            <span
              className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground"
              aria-hidden
            >
              {activeCount}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-[70vh] w-56 overflow-y-auto">
        <DropdownMenuLabel>Status</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={value.status ?? ALL}
          onValueChange={(status) =>
            onChange({ ...value, status: status === ALL ? null : (status as MembershipStatus) })
          }
        >
          <DropdownMenuRadioItem value={ALL}>All statuses</DropdownMenuRadioItem>
          {MEMBERSHIP_STATUSES.map((status) => (
            <DropdownMenuRadioItem key={status} value={status}>
              {STATUS_LABELS[status]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Membership Type</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={value.membershipType ?? ALL}
          onValueChange={(type) =>
            onChange({ ...value, membershipType: type === ALL ? null : type })
          }
        >
          <DropdownMenuRadioItem value={ALL}>All membership types</DropdownMenuRadioItem>
          {types.map((type) => (
            <DropdownMenuRadioItem key={type} value={type}>
              {type}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Tag</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={value.tagId ?? ALL}
          onValueChange={(tagId) => onChange({ ...value, tagId: tagId === ALL ? null : tagId })}
        >
          <DropdownMenuRadioItem value={ALL}>All tags</DropdownMenuRadioItem>
          {tags.map((tag) => (
            <DropdownMenuRadioItem key={tag.id} value={tag.id}>
              <span
                className="size-2.5 shrink-0 rounded-full"
                style={{ backgroundColor: tag.color }}
                aria-hidden
              />
              {tag.name}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        {activeCount ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onChange(NO_FILTER)}>Clear filters</DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
