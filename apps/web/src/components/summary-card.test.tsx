import { cleanup, render, screen } from '@testing-library/react';
import { Users } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { SummaryCard, SummaryCardRow } from './summary-card';

afterEach(cleanup);

describe('SummaryCardRow', () => {
  it('is a named region with a label, a plain block without', () => {
    render(
      <>
        <SummaryCardRow label="Member statistics">
          <SummaryCard title="Total Members" value={1234} hint="All members" icon={Users} />
        </SummaryCardRow>
        <SummaryCardRow>
          <SummaryCard title="Open Rate" value="—" hint="No messages sent yet" icon={Users} />
          <SummaryCard title="Reach" value={undefined} hint="Recipients" icon={Users} />
        </SummaryCardRow>
      </>,
    );
    const region = screen.getByRole('region', { name: 'Member statistics' });
    expect(region.textContent).toContain('1,234');
    expect(screen.getAllByRole('region')).toHaveLength(1);
    // A text shows as given; a count not yet arrived as a dash.
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.getByText('–')).toBeTruthy();
  });
});
