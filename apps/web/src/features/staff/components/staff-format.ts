import type { StaffMember } from '@fitbase/domain/contracts/staff';

export function roleLabel(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

/** The displayed name; an account without one shows its email. */
export function displayName(member: Pick<StaffMember, 'fullName' | 'email'>): string {
  return member.fullName?.trim() || member.email;
}

export function initials(member: Pick<StaffMember, 'fullName' | 'email'>): string {
  const parts = displayName(member).split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => p.charAt(0).toUpperCase())
    .join('');
}
