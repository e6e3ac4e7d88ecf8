import type { StaffMember } from '@fitbase/domain/contracts/staff';
import { Mail, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { reportError } from '@/lib/report-error';
import { useResendStaffInvitation } from '../api/resend-staff-invitation';
import { EditStaffDialog } from './edit-staff-dialog';
import { RemoveStaffDialog } from './remove-staff-dialog';
import { displayName, initials, roleLabel } from './staff-format';

interface RowActions {
  onEdit: () => void;
  onResend: () => void;
  onRemove: () => void;
  isSelf: boolean;
}

function StaffRow({ member, actions }: { member: StaffMember; actions: RowActions | null }) {
  const name = displayName(member);
  return (
    <li className="flex flex-wrap items-center gap-4 rounded-lg border p-4" aria-label={name}>
      <Avatar className="size-10">
        <AvatarFallback>{initials(member)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <p className="font-medium">{name}</p>
        <p className="truncate text-sm text-muted-foreground">{member.email}</p>
        {member.department ? (
          <p className="text-sm text-muted-foreground">{member.department}</p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        <Badge variant="secondary">{roleLabel(member.role)}</Badge>
        {/* A fixed Active badge (docs/product/staff.md#staff-screen). */}
        <Badge variant="outline">Active</Badge>
        {actions ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
                <MoreHorizontal aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={actions.onEdit}>
                <Pencil aria-hidden />
                Edit
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={actions.onResend}>
                <Mail aria-hidden />
                Resend
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                variant="destructive"
                disabled={actions.isSelf}
                title={
                  actions.isSelf ? 'You cannot remove yourself from the organization.' : undefined
                }
                onSelect={actions.onRemove}
              >
                <Trash2 aria-hidden />
                Remove Staff Member
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Staff Members list (docs/product/staff.md#staff-screen); the row menu only for roles that manage
 * staff.
 */
export function StaffList({
  staff,
  canManage,
  currentUserId,
}: {
  staff: StaffMember[];
  canManage: boolean;
  currentUserId: string | null;
}) {
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const resend = useResendStaffInvitation();

  if (staff.length === 0)
    return <p className="py-8 text-center text-muted-foreground">No staff members yet</p>;

  const onResend = (member: StaffMember) =>
    resend.mutate(member.id, {
      onSuccess: () =>
        toast.success('Success', { description: `Invitation resent to ${displayName(member)}` }),
      onError: (error) => reportError(error, { fallback: 'Failed to resend invitation' }),
    });

  return (
    <>
      <ul className="space-y-3" aria-label="Staff Members">
        {staff.map((member) => (
          <StaffRow
            key={member.id}
            member={member}
            actions={
              canManage
                ? {
                    onEdit: () => setEditing(member),
                    onResend: () => onResend(member),
                    onRemove: () => setRemoving(member),
                    isSelf: member.userId === currentUserId,
                  }
                : null
            }
          />
        ))}
      </ul>
      {editing ? (
        <EditStaffDialog
          key={editing.id}
          member={editing}
          isSelf={editing.userId === currentUserId}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {removing ? <RemoveStaffDialog member={removing} onClose={() => setRemoving(null)} /> : null}
    </>
  );
}
