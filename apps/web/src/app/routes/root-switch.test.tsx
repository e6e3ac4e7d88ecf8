import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { withSignedInHome } from './root-switch';

const session = vi.hoisted(() => ({ signedInHome: false, reports: 0 }));

vi.mock('./session-watcher', () => ({
  SessionWatcher: ({ onChange }: { onChange: (value: boolean) => void }) => {
    useEffect(() => {
      session.reports += 1;
      onChange(session.signedInHome);
    }, [onChange]);
    return null;
  },
}));
vi.mock('./signed-in-home', () => ({
  SignedInHome: () => <h1>Dashboard</h1>,
}));

afterEach(() => {
  cleanup();
  session.signedInHome = false;
  session.reports = 0;
});

function Landing() {
  return <h1>Run Your Entire Fitness Business From One Place</h1>;
}

function renderRoot(client?: QueryClient) {
  const Root = withSignedInHome(Landing);
  return renderWithProviders(<Root />, { queryClient: client });
}

describe('/ switch', () => {
  it('keeps the landing page (the same element, never re-mounted) for a visitor', async () => {
    renderRoot();
    const heading = screen.getByRole('heading', { level: 1 });
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    // The session was looked up, and the landing page stayed the very same element.
    expect(session.reports).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(heading.textContent).toBe('Run Your Entire Fitness Business From One Place');
  });

  it('shows the studio home once a signed-in studio person is known', async () => {
    session.signedInHome = true;
    renderRoot();
    // The first render is the pre-rendered landing page, so hydration matches.
    screen.getByText('Run Your Entire Fitness Business From One Place');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByText('Run Your Entire Fitness Business From One Place')).toBeNull();
  });

  it('shows the home at once when the session is already known (the sidebar link)', async () => {
    session.signedInHome = true;
    const client = new QueryClient();
    client.setQueryData(['me'], { organizations: [{ id: 'org-1' }] });
    renderRoot(client);
    expect(screen.queryByText('Run Your Entire Fitness Business From One Place')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });
});
