import type { ReactNode } from 'react';

/** One column of a DataTable; the table maps it onto a TanStack Table column. */
export interface DataTableColumn<T> {
  id: string;
  /** Column header, the column-visibility menu entry and the card label on phones. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable: by this value (client tables) or by the server (manual sorting). */
  sortValue?: (row: T) => string | number | null;
  /** false keeps the column out of the column-visibility menu (always shown). */
  hideable?: boolean;
  /** Hidden until chosen in the column menu. */
  hiddenByDefault?: boolean;
  /** The card's title on phones (the first column when none is marked). */
  primary?: boolean;
  className?: string;
}
