import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/api-error';
import {
  applyServerErrors,
  failureMessage,
  formFieldName,
  peopleMessage,
  serverFieldErrors,
} from './form-errors';

const validation = (fields: Record<string, string>, message = 'Invalid request') =>
  new ApiError(400, { code: 'validation_error', message, fields });

describe('server field errors', () => {
  it('maps every form of server key onto the form field name', () => {
    expect(formFieldName('body.email')).toBe('email');
    expect(formFieldName('[body.email]')).toBe('email');
    expect(formFieldName('email')).toBe('email');
    expect(formFieldName('query.q')).toBe('q');
    expect(formFieldName('address.city')).toBe('address.city');
  });

  it('never lets a field path reach the message', () => {
    expect(peopleMessage('[body.email] Invalid email address')).toBe('Invalid email address');
    expect(peopleMessage('email: Enter a valid email address')).toBe('Enter a valid email address');
    expect(peopleMessage('name: Gym Name is at most 120 characters')).toBe(
      'Gym Name is at most 120 characters',
    );
    expect(peopleMessage('A member with this email already exists')).toBe(
      'A member with this email already exists',
    );
  });

  it('reads the fields of a 400 with people messages, first message per field', () => {
    const error = validation({
      'body.email': 'email: Enter a valid email address',
      name: 'Required',
    });
    expect(serverFieldErrors(error)).toEqual({
      email: 'Enter a valid email address',
      name: 'Required',
    });
    expect(serverFieldErrors(new Error('network'))).toEqual({});
  });

  it('sets errors only on fields the form shows, focusing the first', () => {
    const setError = vi.fn();
    const error = validation({
      email: 'Taken',
      'body.secret': 'Internal',
      price: 'Price cannot be negative',
    });
    const applied = applyServerErrors(error, setError, ['email', 'price']);
    expect(applied).toEqual(['email', 'price']);
    expect(setError).toHaveBeenCalledTimes(2);
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'email',
      { type: 'server', message: 'Taken' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'price',
      { type: 'server', message: 'Price cannot be negative' },
      { shouldFocus: false },
    );
  });

  it('a conflict keyed to a field lands on it (duplicate member email)', () => {
    const setError = vi.fn();
    const conflict = new ApiError(409, {
      code: 'conflict',
      message: 'A member with this email already exists in your organization',
      fields: { email: 'A member with this email already exists in your organization' },
    });
    expect(applyServerErrors(conflict, setError, ['firstName', 'email'])).toEqual(['email']);
  });

  it('toasts the server message for refusals, the fallback for failures', () => {
    expect(failureMessage(validation({}, 'email: Enter a valid email address'), 'Failed')).toBe(
      'Enter a valid email address',
    );
    expect(
      failureMessage(new ApiError(500, { code: 'internal_error', message: 'boom' }), 'Failed'),
    ).toBe('Failed');
    expect(failureMessage(new TypeError('fetch failed'), 'Failed')).toBe('Failed');
  });
});
