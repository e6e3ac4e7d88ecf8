import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS, IMPORT_TEMPLATE_HEADERS } from './import-fields.ts';
import {
  autoMapHeaders,
  missingRequiredFields,
  normaliseHeader,
  parseImportAmount,
  parseImportBoolean,
  parseImportDate,
  parseImportDateTime,
  parseImportEnum,
} from './import-mapping.ts';
import { IMPORT_KINDS } from './settings-constants.ts';

describe('autoMapHeaders', () => {
  it('maps each template header back to its own field', () => {
    for (const kind of IMPORT_KINDS) {
      const mapping = autoMapHeaders(kind, IMPORT_TEMPLATE_HEADERS[kind]);
      for (const f of IMPORT_FIELDS[kind]) expect(mapping[f.key]).toBe(f.label);
    }
  });

  it('maps a Mindbody client export', () => {
    const mapping = autoMapHeaders('members', [
      'Client ID',
      'First Name',
      'Last Name',
      'Email',
      'Mobile Phone',
      'Birth Date',
      'Creation Date',
    ]);
    expect(mapping).toEqual({
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      phone: 'Mobile Phone',
      dateOfBirth: 'Birth Date',
      membershipStartDate: 'Creation Date',
    });
  });

  it('maps Glofox snake_case and PushPress style headers', () => {
    expect(autoMapHeaders('members', ['first_name', 'last_name', 'email', 'phone'])).toEqual({
      firstName: 'first_name',
      lastName: 'last_name',
      email: 'email',
      phone: 'phone',
    });
    expect(
      autoMapHeaders('members', [
        'Name',
        'Email Address',
        'Phone Number',
        'DOB',
        'Member Since',
        'Status',
      ]),
    ).toEqual({
      email: 'Email Address',
      phone: 'Phone Number',
      dateOfBirth: 'DOB',
      membershipStartDate: 'Member Since',
      membershipStatus: 'Status',
    });
  });

  it('maps FitBase snake_case export headers and never uses a column twice', () => {
    const mapping = autoMapHeaders('members', [
      'first_name',
      'email',
      'membership_status',
      'membership_start_date',
      'date_of_birth',
    ]);
    expect(mapping.membershipStatus).toBe('membership_status');
    expect(mapping.membershipStartDate).toBe('membership_start_date');
    expect(mapping.dateOfBirth).toBe('date_of_birth');
    const used = Object.values(mapping);
    expect(new Set(used).size).toBe(used.length);
  });

  it('prefers an exact field name over a synonym', () => {
    const mapping = autoMapHeaders('members', ['Start Date', 'Membership start date']);
    expect(mapping.membershipStartDate).toBe('Membership start date');
  });

  it('lists required fields left unmapped', () => {
    expect(missingRequiredFields('members', { firstName: 'First' }).map((f) => f.key)).toEqual([
      'lastName',
      'email',
    ]);
  });

  it('normalises headers', () => {
    expect(normaliseHeader(' E-mail Address ')).toBe('emailaddress');
    expect(normaliseHeader('Prénom')).toBe('prenom');
  });
});

describe('parseImportDate', () => {
  it('reads each format', () => {
    expect(parseImportDate('2024-03-05', 'YYYY-MM-DD')).toBe('2024-03-05');
    expect(parseImportDate('3/5/2024', 'MM/DD/YYYY')).toBe('2024-03-05');
    expect(parseImportDate('3/5/2024', 'DD/MM/YYYY')).toBe('2024-05-03');
    expect(parseImportDate('05.03.2024', 'DD/MM/YYYY')).toBe('2024-03-05');
  });
  it('accepts ISO in any format and ignores a trailing time', () => {
    expect(parseImportDate('2024-03-05', 'MM/DD/YYYY')).toBe('2024-03-05');
    expect(parseImportDate('3/5/2024 10:00 AM', 'MM/DD/YYYY')).toBe('2024-03-05');
    expect(parseImportDate('2024-03-05T10:00:00Z', 'DD/MM/YYYY')).toBe('2024-03-05');
  });
  it('refuses dates that do not exist or do not fit the format', () => {
    expect(parseImportDate('2023-02-29', 'YYYY-MM-DD')).toBeNull();
    expect(parseImportDate('13/25/2024', 'MM/DD/YYYY')).toBeNull();
    expect(parseImportDate('25/12/2024', 'MM/DD/YYYY')).toBeNull();
    expect(parseImportDate('3/5/2024', 'YYYY-MM-DD')).toBeNull();
    expect(parseImportDate('3/5/24', 'MM/DD/YYYY')).toBeNull();
    expect(parseImportDate('yesterday', 'MM/DD/YYYY')).toBeNull();
    expect(parseImportDate('2024-03-05x', 'YYYY-MM-DD')).toBeNull();
  });
});

describe('parseImportDateTime', () => {
  it('reads dates with and without times and offsets', () => {
    expect(parseImportDateTime('2024-03-05', 'YYYY-MM-DD')).toEqual({
      local: '2024-03-05T00:00:00',
      offset: null,
    });
    expect(parseImportDateTime('3/5/2024 6:30 PM', 'MM/DD/YYYY')).toEqual({
      local: '2024-03-05T18:30:00',
      offset: null,
    });
    expect(parseImportDateTime('2024-03-05T07:05:09Z', 'YYYY-MM-DD')).toEqual({
      local: '2024-03-05T07:05:09',
      offset: '+00:00',
    });
    expect(parseImportDateTime('2024-03-05 07:05:09.123+0200', 'YYYY-MM-DD')).toEqual({
      local: '2024-03-05T07:05:09',
      offset: '+02:00',
    });
    expect(parseImportDateTime('05/03/2024 12:15 am', 'DD/MM/YYYY')).toEqual({
      local: '2024-03-05T00:15:00',
      offset: null,
    });
  });
  it('refuses bad times', () => {
    expect(parseImportDateTime('2024-03-05 25:00', 'YYYY-MM-DD')).toBeNull();
    expect(parseImportDateTime('2024-03-05 13:00 PM', 'YYYY-MM-DD')).toBeNull();
    expect(parseImportDateTime('2024-03-05 noon', 'YYYY-MM-DD')).toBeNull();
  });
});

describe('value parsers', () => {
  it('enums, booleans and amounts', () => {
    expect(parseImportEnum('Prefer not to say', ['male', 'female', 'prefer_not_to_say'])).toBe(
      'prefer_not_to_say',
    );
    expect(parseImportEnum('F', ['male', 'female'])).toBe('female');
    expect(parseImportEnum('Active', ['active', 'inactive'])).toBe('active');
    expect(parseImportEnum('frozen', ['active', 'inactive'])).toBeNull();
    expect(parseImportBoolean('Yes')).toBe(true);
    expect(parseImportBoolean('')).toBe(false);
    expect(parseImportBoolean('maybe')).toBeNull();
    expect(parseImportAmount('$1,234.5')).toBe('1234.50');
    expect(parseImportAmount('-3')).toBeNull();
  });
});
