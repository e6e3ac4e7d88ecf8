import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { decodeCursor, encodeCursor, INVALID_CURSOR_MESSAGE, type CursorIdKind } from './keyset.ts';

const UUID = '0b7c1c3e-6f1a-4c2e-9a55-2f1d9b3c4e5f';
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refusal(value: string, kind: CursorIdKind): AppError | null {
  try {
    decodeCursor(value, kind);
    return null;
  } catch (error) {
    return error as AppError;
  }
}

describe('keyset cursor', () => {
  it('round-trips a cursor it issued, microseconds and offset included', () => {
    for (const createdAt of [
      '2024-05-01 10:11:12.123456+00',
      '2024-02-29 23:59:59+05:30',
      '1999-12-31 00:00:00.5-08',
    ]) {
      expect(decodeCursor(encodeCursor({ createdAt, id: UUID }), 'uuid')).toEqual({
        createdAt,
        id: UUID,
      });
    }
    expect(
      decodeCursor(encodeCursor({ createdAt: '2024-05-01 10:11:12+00', id: 'aZ3_x-9' }), 'text'),
    ).toEqual({ createdAt: '2024-05-01 10:11:12+00', id: 'aZ3_x-9' });
    expect(decodeCursor(undefined, 'uuid')).toBeNull();
    expect(decodeCursor('', 'text')).toBeNull();
  });

  it('refuses anything else as a 400 on the cursor field, before any SQL', () => {
    const ts = '2024-05-01 10:11:12.123456+00';
    const cases: [string, CursorIdKind][] = [
      ['bm9wZQ', 'uuid'], // "nope"
      ['not-a-cursor', 'text'],
      [raw([ts]), 'text'],
      [raw([ts, UUID, 'x']), 'uuid'],
      [raw({ createdAt: ts, id: UUID }), 'uuid'],
      [raw([ts, 42]), 'text'],
      [raw([ts, 'not-a-uuid']), 'uuid'],
      [raw([ts, '']), 'text'],
      [raw([ts, 'a'.repeat(101)]), 'text'],
      [raw([ts, 'a\u0000b']), 'text'],
      [raw([ts, 'a b']), 'text'],
      [raw(['2024-05-01T10:11:12Z', UUID]), 'uuid'],
      [raw(['2024-02-30 10:11:12+00', UUID]), 'uuid'],
      [raw(['2024-13-01 10:11:12+00', UUID]), 'uuid'],
      [raw(['2024-05-01 24:00:00+00', UUID]), 'uuid'],
      [raw(['2024-05-01 10:11:12.1234567+00', UUID]), 'uuid'],
      [raw(['infinity', UUID]), 'uuid'],
      ['A'.repeat(401), 'text'],
    ];
    for (const [value, kind] of cases) {
      const error = refusal(value, kind);
      expect(error, value).toBeInstanceOf(AppError);
      expect(error?.code).toBe('validation_error');
      expect(error?.message).toBe(INVALID_CURSOR_MESSAGE);
      expect(error?.fields).toEqual({ cursor: INVALID_CURSOR_MESSAGE });
    }
  });
});
