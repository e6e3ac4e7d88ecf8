import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataTableColumn } from './columns';
import { DataTable } from './data-table';
import { useCursorPaging } from './paging';

interface Person {
  id: string;
  name: string;
  age: number;
}

const columns: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Name', hideable: false, cell: (p) => p.name, sortValue: (p) => p.name },
  { id: 'age', header: 'Age', cell: (p) => String(p.age), sortValue: (p) => p.age },
];

/** Three pages of two people, answered by cursor as the server would. */
const PAGES: Record<string, { items: Person[]; nextCursor: string | null }> = {
  first: {
    items: [
      { id: '1', name: 'Ada', age: 36 },
      { id: '2', name: 'Brian', age: 41 },
    ],
    nextCursor: 'c2',
  },
  c2: {
    items: [
      { id: '3', name: 'Cleo', age: 29 },
      { id: '4', name: 'Dev', age: 52 },
    ],
    nextCursor: 'c3',
  },
  c3: { items: [{ id: '5', name: 'Eve', age: 33 }], nextCursor: null },
};

function PagedPeople() {
  const paging = useCursorPaging();
  const page = PAGES[paging.cursor ?? 'first']!;
  return (
    <DataTable
      label="People"
      columns={columns}
      rows={page.items}
      getRowId={(p) => p.id}
      loading={false}
      empty={<p>Nobody yet</p>}
      pagination={{ mode: 'cursor', paging, nextCursor: page.nextCursor }}
    />
  );
}

let mobile = false;
beforeEach(() => {
  mobile = false;
  window.matchMedia = ((query: string) => ({
    matches: mobile,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('DataTable', () => {
  it('pages forward and back by the server cursors', () => {
    render(<PagedPeople />);
    expect(names()).toEqual(['Ada', 'Brian']);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(names()).toEqual(['Cleo', 'Dev']);
    expect(screen.getByText('Page 2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(names()).toEqual(['Eve']);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(names()).toEqual(['Cleo', 'Dev']);
  });

  it('offers numbered pages and reports the chosen one', () => {
    function Numbered() {
      const [page, setPage] = useState(1);
      return (
        <DataTable
          label="People"
          columns={columns}
          rows={PAGES.first!.items}
          getRowId={(p) => p.id}
          loading={false}
          empty={null}
          pagination={{ mode: 'pages', page, pageCount: 12, onPageChange: setPage }}
        />
      );
    }
    render(<Numbered />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 12' }));
    expect(screen.getByRole('button', { name: 'Page 12' }).getAttribute('aria-current')).toBe(
      'page',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('button', { name: 'Page 11' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
  });

  it('loads more rows on request without dropping the ones shown', () => {
    function More() {
      const [pages, setPages] = useState(['first']);
      const last = PAGES[pages[pages.length - 1]!]!;
      const rows = pages.flatMap((key) => PAGES[key]!.items);
      return (
        <DataTable
          label="People"
          columns={columns}
          rows={rows}
          getRowId={(p) => p.id}
          loading={false}
          empty={null}
          pagination={{
            mode: 'more',
            hasMore: Boolean(last.nextCursor),
            loadingMore: false,
            onLoadMore: () => setPages((p) => [...p, last.nextCursor!]),
          }}
        />
      );
    }
    render(<More />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(names()).toEqual(['Ada', 'Brian', 'Cleo', 'Dev', 'Eve']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('sorts by a column header, ascending then descending', () => {
    render(<PagedPeople />);
    const age = screen.getByRole('button', { name: /Age/ });
    act(() => fireEvent.click(age));
    expect(screen.getByRole('columnheader', { name: /Age/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(names()).toEqual(['Ada', 'Brian']);
    act(() => fireEvent.click(age));
    expect(names()).toEqual(['Brian', 'Ada']);
  });

  it('shows the loading state, then the empty state, never an empty table', () => {
    const { rerender } = render(
      <DataTable
        label="People"
        columns={columns}
        rows={undefined}
        getRowId={(p) => p.id}
        loading
        empty={<p>Nobody yet</p>}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    rerender(
      <DataTable
        label="People"
        columns={columns}
        rows={[]}
        getRowId={(p) => p.id}
        loading={false}
        empty={<p>Nobody yet</p>}
      />,
    );
    expect(screen.getByText('Nobody yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps a row action mounted when the page re-renders with a new action function', () => {
    function Rerendering() {
      const [renders, setRenders] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setRenders((n) => n + 1)}>
            Rerender {renders}
          </button>
          <DataTable
            label="People"
            columns={columns}
            rows={PAGES.first!.items}
            getRowId={(p) => p.id}
            loading={false}
            empty={null}
            // A new function on every render, as a row action closing over state is.
            rowActions={(p) => <input aria-label={`Note for ${p.name}`} defaultValue="" />}
          />
        </>
      );
    }
    render(<Rerendering />);
    const note = screen.getByRole('textbox', { name: 'Note for Ada' });
    fireEvent.change(note, { target: { value: 'typed' } });
    fireEvent.click(screen.getByRole('button', { name: /Rerender/ }));
    expect(screen.getByRole('textbox', { name: 'Note for Ada' })).toBe(note);
    expect(note).toHaveProperty('value', 'typed');
  });

  it('renders each row as a card with every column and its actions on a phone', () => {
    mobile = true;
    render(
      <DataTable
        label="People"
        columns={columns}
        rows={PAGES.first!.items}
        getRowId={(p) => p.id}
        loading={false}
        empty={null}
        rowActions={(p) => <button type="button">View {p.name}</button>}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByText('Age').nextSibling?.textContent).toBe('41');
    expect(within(cards[1]!).getByRole('button', { name: 'View Brian' })).toBeTruthy();
  });
});
