import { PASSWORD_RULE } from '@fitbase/domain/constants';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { InviteAuthForm } from './invite-auth-form';

afterEach(() => {
  cleanup();
});

const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the invitation page’s account form', () => {
  it('shows the password rule when it creates an account, not when it signs in', () => {
    renderWithProviders(
      <InviteAuthForm email="ivy@example.com" onAuthenticated={async () => {}} />,
    );
    expect(describedBy(screen.getByLabelText('Password'))).toBe(PASSWORD_RULE);
    fireEvent.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(describedBy(screen.getByLabelText('Password'))).toBe('');
  });
});
