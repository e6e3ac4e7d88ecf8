import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, slugify } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Iron Temple Gym!', 'iron-temple-gym'],
    ['CrossFit Box', 'crossfit-box'],
    ['https://My Gym.com', 'my-gymcom'],
    ['http://zen-den.example', 'zen-denexample'],
    ['Visit https://Flex.io now', 'visit-flexio-now'],
    ['Power --- House', 'power-house'],
    ['a - b', 'a-b'],
    ['  Yoga \t Flow\n Studio  ', 'yoga-flow-studio'],
    ['Gym #1 (Downtown) & Co.', 'gym-1-downtown-co'],
    ['', ''],
  ])('%j → %j', (input, slug) => {
    expect(slugify(input)).toBe(slug);
  });

  it('gives slugs the server accepts for ordinary names', () => {
    for (const name of [
      'Iron Temple Gym!',
      'https://My Gym.com',
      'Power --- House',
      '24/7 Fitness',
    ]) {
      expect(SLUG_PATTERN.test(slugify(name)), name).toBe(true);
    }
  });
});

describe('SLUG_PATTERN', () => {
  it('accepts lowercase letters, digits and single hyphens', () => {
    for (const slug of ['gym', 'iron-temple-gym', '24-7-fitness', 'a1'])
      expect(SLUG_PATTERN.test(slug), slug).toBe(true);
  });

  it('refuses upper case, spaces, punctuation, double hyphens and hyphen-only slugs', () => {
    for (const slug of ['Gym', 'iron temple', 'gym!', 'iron--temple', '-', '---', ''])
      expect(SLUG_PATTERN.test(slug), slug).toBe(false);
  });
});
