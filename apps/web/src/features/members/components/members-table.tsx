import type { MemberListItem } from '@fitbase/domain/contracts/members';
import { CreditCard, Eye } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { MemberAvatar } from './member-avatar';
import { formatDate, fullName } from './member-format';
import { MemberStatusBadge } from './member-status-badge';

function MemberRow({ member }: { member: MemberListItem }) {
  const name = fullName(member);
  return (
    <TableRow>
      <TableCell>
        <div className="flex items-center gap-3">
          <MemberAvatar member={member} />
          <div>
            <p className="font-medium">{name}</p>
            <p className="text-xs text-muted-foreground">
              Member since {formatDate(member.createdAt)}
            </p>
          </div>
        </div>
      </TableCell>
      <TableCell>
        <p>{member.email}</p>
        {member.phone ? <p className="text-xs text-muted-foreground">{member.phone}</p> : null}
      </TableCell>
      <TableCell>
        {member.membershipType ?? <span className="text-muted-foreground">Not specified</span>}
      </TableCell>
      <TableCell>
        <MemberStatusBadge status={member.membershipStatus} />
      </TableCell>
      <TableCell>
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
      </TableCell>
    </TableRow>
  );
}

/** The Member Directory table of doc 2 §2. */
export function MembersTable({ members }: { members: MemberListItem[] }) {
  return (
    <Table aria-label="Member Directory">
      <TableHeader>
        <TableRow>
          <TableHead>Member</TableHead>
          <TableHead>Contact</TableHead>
          <TableHead>Membership</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.map((member) => (
          <MemberRow key={member.id} member={member} />
        ))}
      </TableBody>
    </Table>
  );
}
