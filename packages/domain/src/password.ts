import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants.ts';

/**
 * Well-known weak passwords (the most common entries of public breach lists) that pass
 * the length rule. Refused with code `weak_password` (doc 1 §8, DECISIONS.md).
 */
const COMMON_PASSWORDS = new Set(
  `123456 1234567 12345678 123456789 1234567890 0123456789 654321 666666 696969 111111 121212 112233
123123 123321 555555 777777 888888 999999 000000 101010 131313 159753 159357 147258 258456 456789
987654 123654 password password1 password12 password123 passw0rd p@ssword p@ssw0rd qwerty qwerty1
qwerty12 qwerty123 qwertyuiop qwe123 qweasd asdfgh asdfghjkl zxcvbn zxcvbnm 1q2w3e 1q2w3e4r 1qaz2wsx
abc123 abcdef abcd1234 a123456 aa123456 iloveyou letmein welcome welcome1 monkey dragon master
sunshine princess football baseball basketball soccer hockey superman batman trustno1 starwars
shadow michael jennifer jordan23 hunter hunter2 killer charlie donald freedom whatever computer
secret secret1 mustang access admin admin1 admin123 administrator root toor login changeme default
test123 test1234 testtest guest master1 loveme lovely flower hello123 hello1 cheese banana cookie
summer winter spring autumn google internet michelle nicole jessica ashley daniel thomas andrew
matrix pepper ginger maggie buster tigger chelsea liverpool arsenal ranger rangers harley robert
fitness fitbase gym123 crossfit workout`.split(/\s+/),
);

export interface PasswordCheck {
  ok: boolean;
  reasons: Array<'length' | 'pwned' | 'characters'>;
  message: string;
}

/** Password rules: at least 6 and at most 128 characters, not a well-known weak password. */
export function checkPassword(password: string): PasswordCheck {
  const reasons: PasswordCheck['reasons'] = [];
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    reasons.push('length');
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) reasons.push('pwned');
  if (password.length > 0 && new Set(password).size === 1) reasons.push('characters');
  if (reasons.length === 0) return { ok: true, reasons, message: '' };
  const message = reasons.includes('length')
    ? password.length < MIN_PASSWORD_LENGTH
      ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`
      : `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`
    : 'Password is too easy to guess: it is a well-known weak password. Choose a different one.';
  return { ok: false, reasons, message };
}
