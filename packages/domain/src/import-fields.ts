import { LEAD_STATUSES } from './connect-constants.ts';
import { EXPERIENCE_LEVELS, GENDERS, MEMBERSHIP_STATUSES } from './constants.ts';
import { MEMBERSHIP_STATES } from './money-constants.ts';
import type { ImportKind } from './settings-constants.ts';

/**
 * The FitBase fields a CSV import can fill, per import kind (docs/product/settings-and-help.md,
 * "Data in and out"). The mapping screen lists them in this order; the CSV templates use
 * IMPORT_TEMPLATE_HEADERS as their header row.
 */
export const IMPORT_FIELD_TYPES = [
  'text',
  'email',
  'phone',
  'date',
  'datetime',
  'enum',
  'boolean',
  'number',
] as const;
export type ImportFieldType = (typeof IMPORT_FIELD_TYPES)[number];

export interface ImportField {
  key: string;
  label: string;
  required: boolean;
  type: ImportFieldType;
  /** enum fields: the accepted values (matched case-insensitively, spaces as underscores). */
  values?: readonly string[];
}

export const VISIT_IMPORT_TYPES = ['check_in', 'class', 'appointment', 'other'] as const;

const MEMBER_FIELDS: readonly ImportField[] = [
  { key: 'firstName', label: 'First name', required: true, type: 'text' },
  { key: 'lastName', label: 'Last name', required: true, type: 'text' },
  { key: 'email', label: 'Email', required: true, type: 'email' },
  { key: 'phone', label: 'Phone', required: false, type: 'phone' },
  { key: 'dateOfBirth', label: 'Date of birth', required: false, type: 'date' },
  { key: 'gender', label: 'Gender', required: false, type: 'enum', values: GENDERS },
  { key: 'addressLine1', label: 'Address line 1', required: false, type: 'text' },
  { key: 'addressLine2', label: 'Address line 2', required: false, type: 'text' },
  { key: 'city', label: 'City', required: false, type: 'text' },
  { key: 'state', label: 'State', required: false, type: 'text' },
  { key: 'postalCode', label: 'Postal code', required: false, type: 'text' },
  { key: 'country', label: 'Country', required: false, type: 'text' },
  { key: 'emergencyContactName', label: 'Emergency contact name', required: false, type: 'text' },
  {
    key: 'emergencyContactPhone',
    label: 'Emergency contact phone',
    required: false,
    type: 'phone',
  },
  {
    key: 'emergencyContactRelationship',
    label: 'Emergency contact relationship',
    required: false,
    type: 'text',
  },
  { key: 'membershipType', label: 'Membership type', required: false, type: 'text' },
  {
    key: 'membershipStatus',
    label: 'Membership status',
    required: false,
    type: 'enum',
    values: MEMBERSHIP_STATUSES,
  },
  { key: 'membershipStartDate', label: 'Membership start date', required: false, type: 'date' },
  { key: 'membershipEndDate', label: 'Membership end date', required: false, type: 'date' },
  { key: 'referralSource', label: 'Referral source', required: false, type: 'text' },
  { key: 'fitnessGoals', label: 'Fitness goals', required: false, type: 'text' },
  {
    key: 'experienceLevel',
    label: 'Experience level',
    required: false,
    type: 'enum',
    values: EXPERIENCE_LEVELS,
  },
  { key: 'medicalConditions', label: 'Medical conditions', required: false, type: 'text' },
  { key: 'allergies', label: 'Allergies', required: false, type: 'text' },
  { key: 'notes', label: 'Notes', required: false, type: 'text' },
  { key: 'marketingConsent', label: 'Marketing consent', required: false, type: 'boolean' },
];

const MEMBERSHIP_FIELDS: readonly ImportField[] = [
  { key: 'memberEmail', label: 'Member email', required: true, type: 'email' },
  { key: 'planName', label: 'Plan', required: true, type: 'text' },
  { key: 'startDate', label: 'Start date', required: true, type: 'date' },
  { key: 'endDate', label: 'End date', required: false, type: 'date' },
  { key: 'status', label: 'Status', required: false, type: 'enum', values: MEMBERSHIP_STATES },
  { key: 'price', label: 'Price', required: false, type: 'number' },
];

const VISIT_FIELDS: readonly ImportField[] = [
  { key: 'memberEmail', label: 'Member email', required: true, type: 'email' },
  { key: 'visitDate', label: 'Visit date and time', required: true, type: 'datetime' },
  {
    key: 'visitType',
    label: 'Visit type',
    required: false,
    type: 'enum',
    values: VISIT_IMPORT_TYPES,
  },
];

const LEAD_FIELDS: readonly ImportField[] = [
  { key: 'firstName', label: 'First name', required: true, type: 'text' },
  { key: 'lastName', label: 'Last name', required: true, type: 'text' },
  { key: 'email', label: 'Email', required: false, type: 'email' },
  { key: 'phone', label: 'Phone', required: false, type: 'phone' },
  { key: 'source', label: 'Source', required: false, type: 'text' },
  { key: 'status', label: 'Status', required: false, type: 'enum', values: LEAD_STATUSES },
  { key: 'trialEndsOn', label: 'Trial ends on', required: false, type: 'date' },
  { key: 'notes', label: 'Notes', required: false, type: 'text' },
];

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  members: MEMBER_FIELDS,
  memberships: MEMBERSHIP_FIELDS,
  visits: VISIT_FIELDS,
  leads: LEAD_FIELDS,
};

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  members: 'Members',
  memberships: 'Memberships',
  visits: 'Historical visits',
  leads: 'Leads',
};

/** The header row of each kind's CSV template: the field labels, which auto-map back exactly. */
export const IMPORT_TEMPLATE_HEADERS: Record<ImportKind, readonly string[]> = {
  members: MEMBER_FIELDS.map((f) => f.label),
  memberships: MEMBERSHIP_FIELDS.map((f) => f.label),
  visits: VISIT_FIELDS.map((f) => f.label),
  leads: LEAD_FIELDS.map((f) => f.label),
};

export function importFieldsOf(kind: ImportKind): readonly ImportField[] {
  return IMPORT_FIELDS[kind];
}
