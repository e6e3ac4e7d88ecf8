import { describe, expect, it } from 'vitest';
import { apiQuery, readReportView, writeReportView } from './report-search';

const MEMBERSHIP = ['members', 'credit-packs', 'new-memberships'] as const;

describe('report view in the URL', () => {
  it('round-trips a full view', () => {
    const search =
      'report=new-memberships&tab=trials&period=custom&from=2026-01-01&to=2026-03-31&page=2&sort=member&dir=desc';
    const view = readReportView(new URLSearchParams(search), [...MEMBERSHIP], 'members');
    expect(view).toEqual({
      report: 'new-memberships',
      tab: 'trials',
      period: 'custom',
      date: undefined,
      from: '2026-01-01',
      to: '2026-03-31',
      page: 2,
      sort: 'member',
      dir: 'desc',
    });
    expect(writeReportView(view, 'members').toString()).toBe(search);
    expect(apiQuery(view)).toEqual({
      period: 'custom',
      from: '2026-01-01',
      to: '2026-03-31',
      tab: 'trials',
      page: 2,
      sort: 'member',
      dir: 'desc',
    });
  });

  it('keeps a report of another screen, an unknown tab or a bad direction out', () => {
    const view = readReportView(
      new URLSearchParams('report=sales&tab=breakdown&dir=up&page=abc'),
      [...MEMBERSHIP],
      'members',
    );
    expect(view.report).toBe('members');
    expect(view.tab).toBeUndefined();
    expect(view.dir).toBeUndefined();
    expect(view.page).toBe(1);
    // The defaults are not written: /members/reports stays a clean URL.
    expect(writeReportView(view, 'members').toString()).toBe('');
  });
});
