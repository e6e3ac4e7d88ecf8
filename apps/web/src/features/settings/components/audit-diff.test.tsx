import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@fitbase/domain/contracts/audit';
import { AuditDiff } from './audit-diff';
import { secretOf } from './two-factor-setup';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  createdAt: '2026-01-01T00:00:00.000Z',
  actorUserId: 'u1',
  actorName: 'Sam',
  actorIp: '127.0.0.1',
  action: 'update',
  entity: 'members',
  recordId: 'm1',
  before: null,
  after: null,
  ...overrides,
});

afterEach(cleanup);

describe('AuditDiff', () => {
  it('shows each changed field of an update as before → after', () => {
    render(
      <AuditDiff
        entry={entry({ before: { first_name: 'Alex' }, after: { first_name: 'Alexis' } })}
      />,
    );
    expect(screen.getByRole('listitem').textContent).toBe('first name: Alex → Alexis');
  });

  it("shows a created row's own fields, without ids and timestamps", () => {
    render(
      <AuditDiff
        entry={entry({
          action: 'insert',
          after: { id: 'x', organization_id: 'o', name: 'VIP', created_at: 'now' },
        })}
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['name: VIP']);
  });
});

describe('secretOf', () => {
  it('reads the key out of the otpauth link, and nothing out of anything else', () => {
    expect(secretOf('otpauth://totp/FitBase:a%40b.c?secret=JBSWY3DPEHPK3PXP&issuer=FitBase')).toBe(
      'JBSWY3DPEHPK3PXP',
    );
    expect(secretOf('not a uri')).toBe('');
  });
});
