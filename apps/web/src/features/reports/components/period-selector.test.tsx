import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { useReportView } from '../lib/use-report-view';
import { PeriodSelector } from './period-selector';

afterEach(cleanup);

/** The selector wired to the URL exactly as the reports page wires it. */
function Harness() {
  const { view, today, resolved, change } = useReportView(
    ['revenue', 'membership'],
    'sales',
    'UTC',
  );
  const location = useLocation();
  return (
    <>
      <PeriodSelector view={view} today={today} resolved={resolved} onChange={change} />
      <output data-testid="search">{location.search}</output>
    </>
  );
}

function renderAt(search: string) {
  renderWithProviders(<Harness />, { router: { initialEntries: [`/reports${search}`] } });
}

const search = () => screen.getByTestId('search').textContent;
const label = () => screen.getByTestId('period-label').textContent;

describe('PeriodSelector', () => {
  it('reads the period from the URL and steps with the arrows', () => {
    renderAt('?date=2026-11-10');
    expect(label()).toBe('Nov 2026');
    expect(screen.getByRole('button', { name: 'Month' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Previous period' }));
    expect(label()).toBe('Oct 2026');
    expect(search()).toBe('?date=2026-10-01');
    fireEvent.click(screen.getByRole('button', { name: 'Next period' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next period' }));
    expect(label()).toBe('Dec 2026');
  });

  it('switches to a week, a quarter and a year around the day on screen, page back to 1', () => {
    renderAt('?date=2026-11-18&page=3&sort=total');
    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    // The chosen day anchors the new period: the week holding Nov 18, from the locale's first
    // day (the test studio is en-US: Sunday to Saturday).
    expect(label()).toBe('Nov 15 – Nov 21, 2026');
    expect(search()).toBe('?period=week&date=2026-11-18&sort=total');
    fireEvent.click(screen.getByRole('button', { name: 'Quarter' }));
    expect(label()).toBe('Q4 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Year' }));
    expect(label()).toBe('2026');
    fireEvent.click(screen.getByRole('button', { name: 'Previous period' }));
    expect(label()).toBe('2025');
  });

  it('Custom starts from the days on screen, refuses a wrong range, and applies a right one', async () => {
    renderAt('?date=2026-11-10');
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    expect(search()).toBe('?period=custom&from=2026-11-01&to=2026-11-30');
    expect(label()).toBe('Nov 1 – Nov 30, 2026');

    const from = screen.getByLabelText(/^From/) as HTMLInputElement;
    const to = screen.getByLabelText(/^To/) as HTMLInputElement;
    fireEvent.change(from, { target: { value: '2026-11-20' } });
    fireEvent.change(to, { target: { value: '2026-11-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The end date is before the start date.')).toBeTruthy();
    expect(search()).toBe('?period=custom&from=2026-11-01&to=2026-11-30');

    fireEvent.change(to, { target: { value: '2029-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('A custom period can span at most two years (731 days).'),
    ).toBeTruthy();

    fireEvent.change(to, { target: { value: '2026-12-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(search()).toBe('?period=custom&from=2026-11-20&to=2026-12-05'));
    expect(label()).toBe('Nov 20 – Dec 5, 2026');
    // Arrows move a custom range by its own length (16 days).
    fireEvent.click(screen.getByRole('button', { name: 'Next period' }));
    expect(search()).toBe('?period=custom&from=2026-12-06&to=2026-12-21');
  });

  it('falls back to the default view when the URL holds nonsense', () => {
    renderAt('?period=fortnight&page=-2&date=yesterday');
    expect(screen.getByRole('button', { name: 'Month' }).getAttribute('aria-pressed')).toBe('true');
    expect(label()).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
  });
});
