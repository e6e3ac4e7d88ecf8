import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants.ts';

/**
 * Well-known weak passwords (the most common entries of public breach lists) that pass
 * the length rule. Refused with code `weak_password` (docs/product/accounts.md#passwords).
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

/**
 * Why a password is refused: `length`; `pwned`, a well-known weak password itself; `common_word`,
 * one of those with only digits, a year or symbols added (`Coach-2026!`); `characters`, one
 * character repeated or a run; `personal`, made of the person's email name or studio name.
 */
export type PasswordReason = 'length' | 'pwned' | 'common_word' | 'characters' | 'personal';

export interface PasswordCheck {
  ok: boolean;
  reasons: PasswordReason[];
  message: string;
}

export interface PasswordContext {
  /** The account's email: a password made of its local part is refused. */
  email?: string;
  /** Names of the person's studios, where known: a password made of one is refused. */
  studioNames?: readonly string[];
  /**
   * A larger common-password list (the server's, 49,000 entries: too big for the browser).
   * Given the lowercased password; the short list above always applies.
   */
  isCommonPassword?: (lowercased: string) => boolean;
}

const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/**
 * A listed word with digits, a year or symbols tacked on (`dragon2024!`, `2026coach`) is barely
 * stronger than the word: adding them is the first rule a guessing tool applies to its list.
 */
const stem = (lowercased: string) =>
  lowercased.replace(/[^\p{L}]+$/u, '').replace(/^[^\p{L}]+/u, '');
/** What was added to the word holds a year (1900-2099): the message says so. */
const addsYear = (lowercased: string, base: string) =>
  /(?:19|20)\d\d/.test(lowercased.replace(base, ' '));

/** One character repeated, or a straight run up or down (`abcdefg`, `987654`). */
function isTrivialPattern(password: string): boolean {
  const chars = Array.from(password.toLowerCase());
  if (new Set(chars).size === 1) return true;
  const steps = new Set<number>();
  for (let i = 1; i < chars.length; i++) {
    steps.add((chars[i]?.codePointAt(0) ?? 0) - (chars[i - 1]?.codePointAt(0) ?? 0));
  }
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}

/**
 * Made of something a guesser knows: the email's local part or a studio name, alone or with
 * digits/symbols added, or making up most of the password.
 */
function isPersonal(password: string, context: PasswordContext): boolean {
  const candidate = letters(password);
  if (candidate.length < 3) return false;
  const words = [context.email?.split('@')[0] ?? '', ...(context.studioNames ?? [])]
    .map(letters)
    .filter((w) => w.length >= 3);
  return words.some(
    (word) =>
      candidate === word ||
      stem(candidate) === word ||
      word.includes(candidate) ||
      (candidate.includes(word) && word.length * 2 >= candidate.length),
  );
}

const MESSAGES: Record<Exclude<PasswordReason, 'length' | 'common_word'>, string> = {
  pwned: 'Password is too easy to guess: it is a well-known weak password. Choose a different one.',
  characters:
    'Password is too easy to guess: repeated characters or a run such as abcdef or 98765 are among the first things guessed. Choose a different one.',
  personal:
    'Password is too easy to guess: it is based on your email address or studio name. Choose a different one.',
};

/** Said in words a person understands: what the guesser would try, not the list's name. */
const COMMON_WORD_MESSAGES = {
  year: 'Password is too easy to guess: a common word with a year added is one of the first things guessed. Choose a different one, such as a few unrelated words.',
  other:
    'Password is too easy to guess: a common word with numbers or symbols added is one of the first things guessed. Choose a different one, such as a few unrelated words.',
};

/**
 * Password rules: at least 6 and at most 128 characters, not a well-known weak password nor one
 * with only digits, a year or symbols added, not a trivial pattern, not made of the person's email
 * or studio name (docs/product/accounts.md#passwords; PASSWORD_RULE in constants.ts says it
 * before they type).
 */
export function checkPassword(password: string, context: PasswordContext = {}): PasswordCheck {
  const reasons: PasswordReason[] = [];
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    reasons.push('length');
  }
  const lower = password.toLowerCase();
  const listed = (p: string) => COMMON_PASSWORDS.has(p) || (context.isCommonPassword?.(p) ?? false);
  const base = stem(lower);
  if (listed(lower)) reasons.push('pwned');
  else if (base.length >= 4 && listed(base)) reasons.push('common_word');
  if (password.length > 0 && isTrivialPattern(password)) reasons.push('characters');
  if (password.length > 0 && isPersonal(password, context)) reasons.push('personal');
  if (reasons.length === 0) return { ok: true, reasons, message: '' };
  const first = reasons[0] ?? 'pwned';
  const message =
    first === 'length'
      ? password.length < MIN_PASSWORD_LENGTH
        ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`
        : `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`
      : first === 'common_word'
        ? COMMON_WORD_MESSAGES[addsYear(lower, base) ? 'year' : 'other']
        : MESSAGES[first];
  return { ok: false, reasons, message };
}
