import { PASSWORD_RULE } from '@fitbase/domain/constants';
import type { StaffInvitation } from '@fitbase/domain/contracts/staff';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AcceptInvitationForm } from './accept-invitation-form';
import { CreateStaffDialog } from './create-staff-dialog';

afterEach(() => {
  cleanup();
});

const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const invitation = (accountExists: boolean) =>
  ({
    email: 'robin@example.com',
    firstName: 'Robin',
    lastName: 'Reader',
    department: null,
    role: 'trainer',
    organizationName: 'Studio',
    accountExists,
  }) as unknown as StaffInvitation;

describe('the password rule on the staff forms that set a password', () => {
  it('is the description of Create Password on the invitation, before anything is typed', () => {
    renderWithProviders(
      <AcceptInvitationForm
        invitation={invitation(false)}
        signedInAs={null}
        pending={false}
        onInvalid={() => {}}
        onAccept={() => {}}
      />,
      { router: true },
    );
    expect(describedBy(screen.getByLabelText('Create Password *'))).toBe(PASSWORD_RULE);
    // Signing in with an existing account's password sets nothing: no rule there.
    cleanup();
    renderWithProviders(
      <AcceptInvitationForm
        invitation={invitation(true)}
        signedInAs={null}
        pending={false}
        onInvalid={() => {}}
        onAccept={() => {}}
      />,
      { router: true },
    );
    expect(describedBy(screen.getByLabelText('Password *'))).toBe('');
  });

  it('is the description of the password in Create Staff Account', async () => {
    renderWithProviders(<CreateStaffDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Staff Member' }));
    expect(describedBy(await screen.findByLabelText('Password *'))).toBe(PASSWORD_RULE);
  });
});
