import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { PortalPage } from './portal-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('The schedule could not be read.');
}

describe('PortalPage', () => {
  it('shows the error element in place of a failed page, keeps what is around it, and recovers on another address', async () => {
    // React logs the caught error; the test reads the screen instead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <nav>
          <Link to="/fine">Fine page</Link>
        </nav>
        <Routes>
          <Route
            path="/broken"
            element={
              <PortalPage title="Broken">
                <Broken />
              </PortalPage>
            }
          />
          <Route
            path="/fine"
            element={
              <PortalPage title="Fine">
                <p>All good</p>
              </PortalPage>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    // Not an answer of the API: the portal's general message, never the error's own text.
    expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(screen.queryByText('The schedule could not be read.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Fine page' }));
    expect(await screen.findByText('All good')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
