import { describe, expect, it } from 'vitest';
import {
  fillMergeFields,
  SAMPLE_MERGE_VALUES,
  unknownMergeFields,
  unknownMergeFieldsMessage,
} from './merge-fields.ts';

describe('merge fields', () => {
  it('names the unknown fields of every text once, in order', () => {
    expect(
      unknownMergeFields('Hi {{first_name}} {{frist_name}}', '{{ studio }} {{frist_name}}'),
    ).toEqual(['frist_name', 'studio']);
    expect(unknownMergeFields('Hi {{first_name}}, from {{ studio_name }}', null)).toEqual([]);
    expect(unknownMergeFields('{{}}')).toEqual(['(empty)']);
    expect(unknownMergeFieldsMessage(['frist_name'])).toMatch(
      /^Unknown merge field \{\{frist_name\}\}\. Use \{\{first_name\}\}/,
    );
  });

  it('fills known fields, escaping the values, and leaves unknown text alone', () => {
    const values = { ...SAMPLE_MERGE_VALUES, first_name: '<b>Al</b>' };
    expect(
      fillMergeFields('Hi {{ first_name }} {{x}}', values, (v) => v.replace(/</g, '&lt;')),
    ).toBe('Hi &lt;b>Al&lt;/b> {{x}}');
  });
});
