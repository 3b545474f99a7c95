import type { ReactNode } from 'react';
import './ui.css';

export type SortDirection = 'asc' | 'desc';
export interface SortState<K extends string> {
  column: K;
  direction: SortDirection;
}

export interface SortableHeaderProps<K extends string> {
  column: K;
  label: ReactNode;
  sort: SortState<K> | null;
  /** Emits the column (supporting §2); the caller decides the new direction (see nextSort). */
  onSort: (column: K) => void;
}

/** The next sort after a click: a new column sorts ascending, the active one flips. */
export function nextSort<K extends string>(sort: SortState<K> | null, column: K): SortState<K> {
  return sort?.column === column ? { column, direction: sort.direction === 'asc' ? 'desc' : 'asc' } : { column, direction: 'asc' };
}

/**
 * A sortable column header (supporting §2): a click emits the column; the arrow shows only on the
 * active column, down when ascending and up when descending, 14 px; aria-sort says the same.
 */
export function SortableHeader<K extends string>({ column, label, sort, onSort }: SortableHeaderProps<K>) {
  const active = sort?.column === column;
  const direction = active ? sort.direction : null;
  return (
    <th scope="col" aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}>
      <button type="button" className="table__sort" onClick={() => onSort(column)}>
        {label}
        {direction && (
          <svg className="table__arrow" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
            <path d={direction === 'asc' ? 'M3 5l4 4 4-4' : 'M3 9l4-4 4 4'} fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        )}
      </button>
    </th>
  );
}

/** A table with a caption (its accessible name), scrolling inside its own box on a narrow screen. */
export function Table({ caption, head, children }: { caption: ReactNode; head: ReactNode; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={typeof caption === 'string' ? caption : undefined} tabIndex={0}>
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
