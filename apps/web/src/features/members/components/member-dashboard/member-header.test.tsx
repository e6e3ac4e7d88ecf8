import type { Member } from '@fitbase/domain/contracts/members';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { MemberHeader } from './member-header';

afterEach(cleanup);

// docs/product/kiosk.md: the member number a kiosk may identify the member by.

const member: Member = {
  id: 'm-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  dateOfBirth: null,
  gender: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  state: null,
  postalCode: null,
  country: 'US',
  emergencyContactName: null,
  emergencyContactPhone: null,
  emergencyContactRelationship: null,
  membershipType: null,
  medicalConditions: null,
  allergies: null,
  referralSource: null,
  notes: null,
  fitnessGoals: null,
  preferredWorkoutTimes: null,
  experienceLevel: null,
  classInterests: null,
  profilePhotoUrl: null,
  membershipStatus: 'active',
  membershipStartDate: null,
  membershipEndDate: null,
  marketingConsent: false,
  marketingConsentAt: null,
  unsubscribedAt: null,
  memberNumber: 42,
  createdAt: '2026-01-05T10:00:00Z',
};

function renderHeader(value: Member) {
  renderWithProviders(
    <MemberHeader member={value} canEdit={false} canAddPayment={false} onEdit={() => {}} />,
    { me: studioMe('staff'), router: true },
  );
}

describe('MemberHeader', () => {
  it('shows the member number beside the name when it is known', () => {
    renderHeader(member);
    expect(screen.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeTruthy();
    expect(screen.getByText('Member #42')).toBeTruthy();
  });

  it('shows none when it is not', () => {
    renderHeader({ ...member, memberNumber: null });
    expect(screen.queryByText(/Member #/)).toBeNull();
  });
});
