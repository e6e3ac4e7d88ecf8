import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';
import { initials } from './member-format';

export function MemberAvatar({
  member,
  className,
}: {
  member: { firstName: string; lastName: string; profilePhotoUrl?: string | null };
  className?: string;
}) {
  return (
    <Avatar className={cn('size-9', className)}>
      {member.profilePhotoUrl ? <AvatarImage src={member.profilePhotoUrl} alt="" /> : null}
      <AvatarFallback className="bg-primary/10 text-primary" aria-hidden>
        {initials(member)}
      </AvatarFallback>
    </Avatar>
  );
}
