import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StudioFormatProvider } from '@/hooks/use-studio-format';
import { renderWithProviders } from '@/test/render';
import { studioMe } from '@/test/studio-me';
import { CancelSessionDialog } from './cancel-session-dialog';

afterEach(cleanup);

// Intl's spaces before AM/PM differ between ICU versions: compared as plain spaces.
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

const spin: SessionSummary = {
  id: 's1',
  kind: 'class',
  classId: 'c1',
  serviceId: null,
  name: 'Spin',
  // 17:30 UTC on a June Tuesday: 1:30 PM in New York, 19:30 in Berlin.
  startsAt: '2025-06-03T17:30:00.000Z',
  endsAt: '2025-06-03T18:15:00.000Z',
  capacity: 12,
  bookedCount: 3,
  waitlistCount: 0,
  color: '#3b82f6',
  status: 'scheduled',
  detached: false,
  trainer: null,
  facility: null,
};

function question(locale: string, timeZone: string) {
  renderWithProviders(
    <StudioFormatProvider>
      <CancelSessionDialog session={spin} timeZone={timeZone} onClose={() => {}} />
    </StudioFormatProvider>,
    { me: studioMe('owner', 'owner@example.com', { timeZone, locale }) },
  );
  return plain(screen.getByRole('dialog', { name: 'Cancel session' }).textContent);
}

// The question names the session's day and time as the studio writes them (ADR 0038).
describe('CancelSessionDialog', () => {
  it('asks with an en-US time on the 12-hour clock', () => {
    expect(question('en-US', 'America/New_York')).toContain(
      'Cancel Spin on Tue, Jun 3 at 1:30 PM?',
    );
  });

  it('asks with a de-DE time on the 24-hour clock', () => {
    expect(question('de-DE', 'Europe/Berlin')).toContain('Cancel Spin on Di., 3. Juni at 19:30?');
  });
});
