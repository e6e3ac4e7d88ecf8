import type { Member, MemberUpdate, MemberUpdateInput } from '@fitbase/domain/contracts/members';

export type EditValues = MemberUpdateInput;
export type EditOutput = MemberUpdate;

const EDITABLE_TEXT = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'gender',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'country',
  'emergencyContactName',
  'emergencyContactPhone',
  'emergencyContactRelationship',
  'membershipType',
  'membershipStartDate',
  'membershipEndDate',
  'preferredWorkoutTimes',
  'experienceLevel',
  'medicalConditions',
  'allergies',
  'fitnessGoals',
  'referralSource',
  'notes',
] as const satisfies ReadonlyArray<keyof Member & keyof EditValues>;

/** The edit form starts from the member's record; null shows as an empty field. */
export function editDefaults(member: Member): EditValues {
  const values: Record<string, string> = {};
  for (const key of EDITABLE_TEXT) values[key] = member[key] ?? '';
  return {
    ...(values as EditValues),
    membershipStatus: member.membershipStatus,
    marketingConsent: member.marketingConsent,
  };
}
