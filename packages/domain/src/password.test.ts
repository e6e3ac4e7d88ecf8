import { describe, expect, it } from 'vitest';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants.ts';
import { checkPassword } from './password.ts';

describe('checkPassword', () => {
  it('accepts an ordinary password at both length limits', () => {
    for (const password of [
      'correct-horse-battery',
      'a1b2c3',
      'x7'.repeat(MAX_PASSWORD_LENGTH / 2),
    ]) {
      expect(checkPassword(password), password).toEqual({ ok: true, reasons: [], message: '' });
    }
  });

  it(`refuses fewer than ${MIN_PASSWORD_LENGTH} characters`, () => {
    const result = checkPassword('a1b2c');
    expect(result).toMatchObject({ ok: false, reasons: ['length'] });
    expect(result.message).toBe('Password must be at least 6 characters long');
  });

  it(`refuses more than ${MAX_PASSWORD_LENGTH} characters`, () => {
    const result = checkPassword('a'.repeat(64) + 'b'.repeat(65));
    expect(result).toMatchObject({ ok: false, reasons: ['length'] });
    expect(result.message).toBe('Password must be at most 128 characters long');
  });

  it('refuses well-known weak passwords whatever their case, with the reason pwned', () => {
    for (const password of [
      'password123',
      'PASSWORD123',
      'qwerty123',
      'letmein',
      'iloveyou',
      '123456789',
    ]) {
      const result = checkPassword(password);
      expect(result.ok, password).toBe(false);
      expect(result.reasons, password).toEqual(['pwned']);
      expect(result.message).toMatch(/well-known weak password/);
    }
  });

  it('refuses one character repeated', () => {
    expect(checkPassword('zzzzzzzz')).toMatchObject({ ok: false, reasons: ['characters'] });
    // Both reasons at once: listed weak and one repeated character.
    expect(checkPassword('111111').reasons).toEqual(['pwned', 'characters']);
  });

  it('names the length first when a password is both short and weak', () => {
    const result = checkPassword('aaaa');
    expect(result.reasons).toEqual(['length', 'characters']);
    expect(result.message).toBe('Password must be at least 6 characters long');
  });

  it('does not treat a weak password with more around it as listed', () => {
    expect(checkPassword('password123-but-longer').ok).toBe(true);
  });
});
