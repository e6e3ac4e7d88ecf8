import { describe, expect, it } from 'vitest';
import { membershipTypeOptions } from './members-filter';

describe('membershipTypeOptions', () => {
  it('lists plan and service names once each, sorted', () => {
    expect(
      membershipTypeOptions(['Gold Monthly', 'Yoga', '10 Class Pack'], ['Yoga', 'Boxing']),
    ).toEqual(['10 Class Pack', 'Boxing', 'Gold Monthly', 'Yoga']);
    expect(membershipTypeOptions([], [])).toEqual([]);
  });
});
