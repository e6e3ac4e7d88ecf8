import { serviceInputSchema } from '@fitbase/domain/contracts/services';
import { createStaffSchema } from '@fitbase/domain/contracts/staff';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaLimits } from './form-limits';

describe('field limits from the schema', () => {
  it('reads string lengths through trim, nullish, default and transform', () => {
    expect(schemaLimits(serviceInputSchema, 'name')).toEqual({ maxLength: 120, minLength: 1 });
    expect(schemaLimits(serviceInputSchema, 'description')).toEqual({ maxLength: 2000 });
  });

  it('reads the limit on the far side of a pipe (email)', () => {
    expect(schemaLimits(createStaffSchema, 'email').maxLength).toBe(254);
  });

  it('reads number bounds and whole-number steps', () => {
    expect(schemaLimits(serviceInputSchema, 'durationMinutes')).toMatchObject({
      max: 100_000,
      step: 1,
    });
    expect(schemaLimits(z.object({ n: z.number().min(2).max(9) }), 'n')).toEqual({
      min: 2,
      max: 9,
    });
  });

  it('knows nothing of unknown fields or missing schemas', () => {
    expect(schemaLimits(serviceInputSchema, 'nope')).toEqual({});
    expect(schemaLimits(undefined, 'name')).toEqual({});
  });
});
