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
    for (const password of ['password123', 'PASSWORD123', 'qwerty123', 'letmein', 'iloveyou']) {
      const result = checkPassword(password);
      expect(result.ok, password).toBe(false);
      expect(result.reasons, password).toEqual(['pwned']);
      expect(result.message).toMatch(/well-known weak password/);
    }
  });

  it('refuses a common word with a year added, and says so in those words', () => {
    const isCommonPassword = (p: string) => p === 'coach';
    for (const password of ['Coach-2026!', 'coach1999', '2026Coach', '!Coach_2026']) {
      const result = checkPassword(password, { isCommonPassword });
      expect(result.reasons, password).toEqual(['common_word']);
      expect(result.message, password).toBe(
        'Password is too easy to guess: a common word with a year added is one of the first things guessed. Choose a different one, such as a few unrelated words.',
      );
      expect(result.message).not.toMatch(/well-known/);
    }
  });

  it('refuses a common word with numbers or symbols added, naming that instead of a year', () => {
    for (const password of ['dragon77!', 'Sunshine!!', '42summer']) {
      const result = checkPassword(password);
      expect(result.reasons, password).toEqual(['common_word']);
      expect(result.message, password).toBe(
        'Password is too easy to guess: a common word with numbers or symbols added is one of the first things guessed. Choose a different one, such as a few unrelated words.',
      );
    }
    // A year among the added characters, whatever else is there.
    expect(checkPassword('dragon2024!').message).toMatch(/a common word with a year added/);
  });

  it('accepts a listed word inside a longer phrase, and a year beside unlisted words', () => {
    expect(
      checkPassword('Coach-Granite-Otter-2026', { isCommonPassword: (p) => p === 'coach' }).ok,
    ).toBe(true);
    expect(checkPassword('Kettlebell-2026!').ok).toBe(true);
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

  it('refuses a straight run of characters, up or down', () => {
    for (const password of ['abcdefg', 'ZYXWVU']) {
      const result = checkPassword(password);
      expect(result.reasons, password).toEqual(['characters']);
      expect(result.message).toBe(
        'Password is too easy to guess: repeated characters or a run such as abcdef or 98765 are among the first things guessed. Choose a different one.',
      );
    }
    expect(checkPassword('987654').reasons).toEqual(['pwned', 'characters']);
    expect(checkPassword('123456789').reasons).toEqual(['pwned', 'characters']);
  });

  it('consults a larger list when one is given (the server passes its 49,000 entries)', () => {
    const big = new Set(['letmein1', 'sunflower']);
    const isCommonPassword = (p: string) => big.has(p);
    expect(checkPassword('LetMeIn1', { isCommonPassword }).reasons).toEqual(['pwned']);
    expect(checkPassword('sunflower77', { isCommonPassword }).reasons).toEqual(['common_word']);
    expect(checkPassword('LetMeIn1').reasons).toEqual(['common_word']); // 'letmein' + a digit
    expect(checkPassword('sunflower77').ok).toBe(true);
  });

  it('refuses a password made of the email local part or a studio name', () => {
    const context = { email: 'Maria.Lopez@example.com', studioNames: ['Iron Works Gym'] };
    for (const password of [
      'marialopez',
      'Maria.Lopez1',
      'MariaLopez!!',
      'ironworksgym',
      'IronWorks-Gym2024',
      'lopez!',
    ]) {
      const result = checkPassword(password, context);
      expect(result.reasons, password).toEqual(['personal']);
      expect(result.message).toBe(
        'Password is too easy to guess: it is based on your email address or studio name. Choose a different one.',
      );
    }
    // A long passphrase that merely contains a name is fine.
    expect(checkPassword('maria-climbs-granite-walls', context).ok).toBe(true);
    expect(checkPassword('!!!!@@@@', context).reasons).not.toContain('personal');
  });

  it('does not treat a weak password with more around it as listed', () => {
    expect(checkPassword('password123-but-longer').ok).toBe(true);
  });
});
