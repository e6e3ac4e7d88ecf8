import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from '@/components/route-error';
import { routes } from './router';

afterEach(cleanup);

/** Every route object of the table, nested ones included, with where it sits. */
function walk(table: RouteObject[], parent = ''): { where: string; route: RouteObject }[] {
  return table.flatMap((route, i) => {
    const where = `${parent} > ${route.path ?? (route.index ? '(index)' : `(layout ${i})`)}`;
    return [{ where, route }, ...walk(route.children ?? [], where)];
  });
}

describe('route table', () => {
  it('gives every route, nested ones included, an error element', () => {
    const all = walk(routes);
    expect(all.length).toBeGreaterThan(40);
    const missing = all.filter(({ route }) => !route.errorElement).map(({ where }) => where);
    expect(missing).toEqual([]);
  });
});

describe('RouteError', () => {
  it('shows what went wrong with a way to try again, go back or go home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('The screen broke.');
    }
    const router = createMemoryRouter([
      { path: '/', Component: Broken, errorElement: <RouteError /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The screen broke.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
    vi.restoreAllMocks();
  });
});
