import type { Member } from '@fitbase/domain/contracts/members';
import { CreditCard, LogIn, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { MembershipConfirmDialog } from '@/components/membership-confirm-dialog';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useCheckInMember } from '@/entities/members/api/check-in-member';
import { reportError } from '@/lib/report-error';
import { MemberAvatar } from '../member-avatar';
import { formatDate, fullName } from '../member-format';
import { MemberStatusBadge } from '../member-status-badge';

interface MemberHeaderProps {
  member: Member;
  canEdit: boolean;
  canAddPayment: boolean;
  onEdit: () => void;
}

export function MemberHeader({ member, canEdit, canAddPayment, onEdit }: MemberHeaderProps) {
  const checkIn = useCheckInMember();
  const [confirmMessage, setConfirmMessage] = useState<string | null>(null);
  const name = fullName(member);
  const format = useStudioFormat();

  // A membership that is not active asks first (the server's message), then checks in anyway.
  const handleCheckIn = (confirm = false) =>
    checkIn.mutate(
      { memberId: member.id, sessionId: null, confirm },
      {
        onSuccess: ({ duplicate }) =>
          toast.success('Success!', {
            description: duplicate
              ? `${name} is already checked in (less than a minute ago)`
              : `${name} checked in`,
          }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'membership_not_active' && !confirm) {
            setConfirmMessage(error.message);
            return;
          }
          reportError(error, { fallback: 'Failed to check in member' });
        },
      },
    );

  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
      <div className="flex items-center gap-4">
        <MemberAvatar member={member} className="size-14 text-lg" />
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-3xl font-bold tracking-tight">{name}</h1>
            <MemberStatusBadge status={member.membershipStatus} />
            {typeof member.memberNumber === 'number' ? (
              <span className="text-sm font-medium text-muted-foreground">
                Member #{member.memberNumber}
              </span>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">
            {member.email ?? 'No email'} · Member since {formatDate(member.createdAt, format)}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {canEdit ? (
          <Button variant="outline" onClick={onEdit}>
            <Pencil aria-hidden />
            Edit
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => handleCheckIn()} disabled={checkIn.isPending}>
          <LogIn aria-hidden />
          {checkIn.isPending ? 'Checking in...' : 'Check in'}
        </Button>
        {canAddPayment ? (
          <Button asChild>
            <Link to={`/member/${member.id}/payment`}>
              <CreditCard aria-hidden />
              Add Payment Method
            </Link>
          </Button>
        ) : null}
      </div>
      <MembershipConfirmDialog
        message={confirmMessage}
        onClose={() => setConfirmMessage(null)}
        onConfirm={() => {
          setConfirmMessage(null);
          handleCheckIn(true);
        }}
      />
    </div>
  );
}
