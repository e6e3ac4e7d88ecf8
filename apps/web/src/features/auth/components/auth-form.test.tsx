import { PASSWORD_RULE } from '@fitbase/domain/constants';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { AuthForm } from './auth-form';
import { NewPasswordForm } from './reset-password-forms';

const api = mockApi();

afterEach(() => {
  cleanup();
});

/** The ids a field's aria-describedby names, read as the texts a screen reader announces. */
function descriptionOf(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

const COMMON_WORD_AND_YEAR =
  'Password is too easy to guess: a common word with a year added is one of the first things guessed. Choose a different one, such as a few unrelated words.';

/** What the server answers for a refused password (apps/server/src/auth/auth-route.ts). */
function refused(code: string, message: string) {
  return HttpResponse.json(
    {
      error: { code, message, fields: { password: message }, reasons: ['common_word'] },
      code,
      message,
    },
    { status: 400 },
  );
}

function signUpWith(password: string) {
  renderWithProviders(<AuthForm mode="sign-up" onToggle={() => {}} />, { router: true });
  fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Casey Coach' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'casey@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('the password rule, before anything is typed', () => {
  it('is the sign-up password field’s description, and not the sign-in one’s', () => {
    renderWithProviders(<AuthForm mode="sign-up" onToggle={() => {}} />, { router: true });
    expect(descriptionOf(screen.getByLabelText('Password'))).toBe(PASSWORD_RULE);
    expect(PASSWORD_RULE).toMatch(/a common word with a year or numbers added/);
    cleanup();
    renderWithProviders(<AuthForm mode="sign-in" onToggle={() => {}} />, { router: true });
    expect(descriptionOf(screen.getByLabelText('Password'))).toBe('');
  });

  it('is the reset form’s new password description', () => {
    renderWithProviders(<NewPasswordForm token="t" />, { router: true });
    expect(descriptionOf(screen.getByLabelText('New Password'))).toBe(PASSWORD_RULE);
  });
});

describe('a refused password at sign-up', () => {
  it('shows the server’s reason under the password field', async () => {
    api.answer({
      'POST /api/auth/sign-up/email': () => refused('weak_password', COMMON_WORD_AND_YEAR),
    });
    signUpWith('Coach-2026!');
    await screen.findByText(COMMON_WORD_AND_YEAR);
    const field = screen.getByLabelText('Password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field)).toContain(COMMON_WORD_AND_YEAR);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/auth/sign-up/email',
    ]);
  });

  it('goes to the field by its code, with whatever words the server sends', async () => {
    api.answer({
      'POST /api/auth/sign-up/email': () => refused('weak_password', 'Pick something else.'),
    });
    signUpWith('Coach-2026!');
    await screen.findByText('Pick something else.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps words about passwords off the field under another code', async () => {
    api.answer({
      'POST /api/auth/sign-up/email': () => refused('internal_error', COMMON_WORD_AND_YEAR),
    });
    signUpWith('Coach-2026!');
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    // The answer has been handled once the button is no longer pending.
    await screen.findByRole('button', { name: 'Create account' });
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create account' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(COMMON_WORD_AND_YEAR)).toBeNull();
  });
});
