import { EXPERIENCE_LEVELS, GENDERS, WORKOUT_TIMES } from '@fitbase/domain/constants';
import type { MemberCreate, MemberInput } from '@fitbase/domain/contracts/members';
import { humanize } from '../member-format';

export type WizardValues = MemberInput;
export type WizardOutput = MemberCreate;

/**
 * Every text field starts empty; the schema sends empty optional text as null
 * (docs/product/members.md#member-record).
 */
export const WIZARD_DEFAULTS: WizardValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  gender: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  country: 'US',
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelationship: '',
  membershipType: '',
  // No plan ('' id) sells nothing: see withoutEmptyPlan.
  plan: { planId: '', method: 'cash' },
  preferredWorkoutTimes: '',
  experienceLevel: '',
  classInterests: [],
  fitnessGoals: '',
  medicalConditions: '',
  allergies: '',
  referralSource: '',
  notes: '',
  marketingConsent: false,
};

export const WIZARD_STEPS = [
  {
    title: 'Personal Info',
    fields: ['firstName', 'lastName', 'email', 'phone', 'dateOfBirth', 'gender'],
  },
  {
    title: 'Address & Emergency',
    fields: [
      'addressLine1',
      'addressLine2',
      'city',
      'state',
      'postalCode',
      'country',
      'emergencyContactName',
      'emergencyContactPhone',
      'emergencyContactRelationship',
    ],
  },
  {
    title: 'Membership & Health',
    fields: [
      'plan',
      'membershipType',
      'preferredWorkoutTimes',
      'experienceLevel',
      'classInterests',
      'fitnessGoals',
      'medicalConditions',
      'allergies',
      'referralSource',
      'notes',
      'marketingConsent',
    ],
  },
] as const satisfies ReadonlyArray<{ title: string; fields: ReadonlyArray<keyof WizardValues> }>;

/**
 * The plan pick is optional: with no plan chosen the body carries no `plan` (the member keeps
 * the free membership type, as before plans existed).
 */
export function withoutEmptyPlan(values: WizardValues): WizardValues {
  return values.plan?.planId ? values : { ...values, plan: undefined };
}

function options(values: readonly string[]) {
  return values.map((value) => ({ value, label: humanize(value) ?? value }));
}

export const GENDER_OPTIONS = options(GENDERS);
export const WORKOUT_TIME_OPTIONS = options(WORKOUT_TIMES);
export const EXPERIENCE_OPTIONS = options(EXPERIENCE_LEVELS);
