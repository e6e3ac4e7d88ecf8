import type { MemberListItem } from '@fitbase/domain/contracts/members';
import { CreditCard, Eye } from 'lucide-react';
import { Link } from 'react-router';
import { useStudioFormat } from '@/hooks/use-studio-format';
import type { DataTableColumn } from '@/components/data-table/columns';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { MemberAvatar } from './member-avatar';
import { formatDate, fullName } from './member-format';
import { MemberStatusBadge } from './member-status-badge';

/** "Member since Mar 14, 2025" in the studio's zone and locale. */
function MemberSince({ createdAt }: { createdAt: string }) {
  const format = useStudioFormat();
  return (
    <p className="text-xs text-muted-foreground">Member since {formatDate(createdAt, format)}</p>
  );
}

/** The Member Directory's columns (docs/product/members.md). */
export const memberColumns: DataTableColumn<MemberListItem>[] = [
  {
    id: 'member',
    header: 'Member',
    hideable: false,
    primary: true,
    cell: (member) => (
      <div className="flex items-center gap-3">
        <MemberAvatar member={member} />
        <div>
          <p className="font-medium">{fullName(member)}</p>
          <MemberSince createdAt={member.createdAt} />
          {member.household ? (
            // The member's household (docs/product/members.md#households) and who pays for it.
            <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
              Household: {member.household.name}
              {member.household.isPayer ? <Badge variant="secondary">Payer</Badge> : null}
            </p>
          ) : null}
        </div>
      </div>
    ),
  },
  {
    id: 'contact',
    header: 'Contact',
    cell: (member) => (
      <>
        {/* A household member without an email: their payer gets their mail. */}
        <p className={member.email ? 'break-all' : 'text-muted-foreground'}>
          {member.email ?? 'No email'}
        </p>
        {member.phone ? <p className="text-xs text-muted-foreground">{member.phone}</p> : null}
      </>
    ),
  },
  {
    id: 'membership',
    header: 'Membership',
    cell: (member) =>
      member.membershipType ?? <span className="text-muted-foreground">Not specified</span>,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (member) => <MemberStatusBadge status={member.membershipStatus} />,
  },
];

/** The directory's row selection, for its bulk actions (Add tag, Add to group). */
export function selectionColumn(
  selected: ReadonlySet<string>,
  toggle: (id: string, on: boolean) => void,
): DataTableColumn<MemberListItem> {
  return {
    id: 'select',
    header: 'Select',
    hideable: false,
    className: 'w-10',
    cell: (member) => (
      <Checkbox
        checked={selected.has(member.id)}
        onCheckedChange={(checked) => toggle(member.id, checked === true)}
        aria-label={`Select ${fullName(member)}`}
      />
    ),
  };
}

export function MemberRowActions({ member }: { member: MemberListItem }) {
  const name = fullName(member);
  return (
    <div className="flex items-center gap-2">
      <Button variant="outline" size="sm" asChild>
        <Link to={`/member/${member.id}`} aria-label={`View ${name}`}>
          <Eye aria-hidden />
          View
        </Link>
      </Button>
      <Button variant="ghost" size="icon" asChild>
        <Link
          to={`/member/${member.id}/payment`}
          aria-label="Add payment method"
          title="Add payment method"
        >
          <CreditCard aria-hidden />
        </Link>
      </Button>
    </div>
  );
}
