import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './signed-token.ts';

const secret = 'x'.repeat(32);

describe('signed tokens', () => {
  it('round-trips its parts and refuses a changed part, another purpose or another secret', () => {
    const token = signToken(secret, 'open', ['org', 'recipient']);
    expect(verifyToken(secret, 'open', token)).toEqual(['org', 'recipient']);
    expect(verifyToken(secret, 'click', token)).toBeNull();
    expect(verifyToken('y'.repeat(32), 'open', token)).toBeNull();
    const forged =
      signToken(secret, 'open', ['org', 'other']).split('.')[0] + '.' + token.split('.')[1];
    expect(verifyToken(secret, 'open', forged)).toBeNull();
    expect(verifyToken(secret, 'open', 'garbage')).toBeNull();
    expect(verifyToken(secret, 'open', '.')).toBeNull();
  });
});
