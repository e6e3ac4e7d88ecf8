import { PASSWORD_RULE } from '@fitbase/domain/constants';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SecurityPasswordCard } from './security-password-card';

afterEach(() => {
  cleanup();
});

describe('Change password', () => {
  it('shows the password rule under the new password before anything is typed', () => {
    renderWithProviders(<SecurityPasswordCard />);
    const field = screen.getByLabelText('New password');
    const description = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(description).toBe(PASSWORD_RULE);
  });
});
