import type { ReactNode } from 'react';
import { TableRegion } from './TableRegion';
import './ui.css';

export type SortDirection = 'asc' | 'desc';
export interface SortState<K extends string> {
  column: K;
  direction: SortDirection;
}

/** The arrow's size in px (supporting §2). */
const SORT_ARROW_SIZE = 14;

export interface SortableHeaderProps<K extends string> {
  column: K;
  label: ReactNode;
  sort: SortState<K> | null;
  /** Emits the column (supporting §2); the caller decides the new direction (see nextSort). */
  onSort: (column: K) => void;
  /** A column of numbers: aligned right. */
  numeric?: boolean;
}

/** The next sort after a click: a new column sorts ascending, the active one flips. */
export function nextSort<K extends string>(sort: SortState<K> | null, column: K): SortState<K> {
  return sort?.column === column ? { column, direction: sort.direction === 'asc' ? 'desc' : 'asc' } : { column, direction: 'asc' };
}

/** The sort arrow: down when ascending, up when descending (supporting §2), 14 px. */
function SortArrow({ direction }: { direction: SortDirection }) {
  return (
    <svg className="table__arrow sort-arrow" width={SORT_ARROW_SIZE} height={SORT_ARROW_SIZE} viewBox="0 0 14 14" aria-hidden="true" focusable="false" data-direction={direction}>
      <path d={direction === 'asc' ? 'M3 5l4 4 4-4' : 'M3 9l4-4 4 4'} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * A sortable column header (supporting §2): a click emits the column; the arrow shows only on the
 * active column, down when ascending and up when descending, 14 px; aria-sort says the same.
 */
export function SortableHeader<K extends string>({ column, label, sort, onSort, numeric }: SortableHeaderProps<K>) {
  const active = sort?.column === column;
  const direction = active ? sort.direction : null;
  return (
    <th scope="col" className={numeric ? 'num' : undefined} aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}>
      <button type="button" className="table__sort" onClick={() => onSort(column)}>
        {label}
        {direction && <SortArrow direction={direction} />}
      </button>
    </th>
  );
}

/** A plain column: its header text, optionally read only by screen readers (an "Actions" column). */
interface TableColumn {
  label: ReactNode;
  /** Read by screen readers only (the column's cells speak for themselves, e.g. buttons). */
  hidden?: boolean;
  numeric?: boolean;
}

/** The header cells of plain columns: `scope="col"` on each, hidden labels stay in the table's box. */
function ColumnHeaders({ columns }: { columns: readonly (string | TableColumn | false | null | undefined)[] }) {
  return (
    <>
      {columns.map((c, i) => {
        if (!c) return null;
        const column = typeof c === 'string' ? { label: c } : c;
        return (
          <th key={i} scope="col" className={column.numeric ? 'num' : undefined}>
            {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
          </th>
        );
      })}
    </>
  );
}

interface TableProps {
  /** The table's visible caption, which names it. */
  caption?: ReactNode;
  captionId?: string;
  /** Names the table by an element elsewhere (a section's heading) instead of a caption. */
  labelledBy?: string;
  /** Describes the table (e.g. a count shown above it). */
  describedBy?: string;
  /** The scrolling region's name, "(table)" added; defaults to the caption's text. */
  region?: string;
  /** Names the scrolling region by an element elsewhere instead. */
  regionLabelledBy?: string;
  /** Plain columns (use `head` for sortable ones). */
  columns?: readonly (string | TableColumn | false | null | undefined)[];
  /** Header cells, e.g. SortableHeader; used when `columns` is not given. */
  head?: ReactNode;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * The one table of the app: a caption or an outside label names it, a header row of `scope="col"`
 * cells, and it scrolls sideways inside its own labelled, focusable region on a narrow screen
 * (WCAG 1.4.10), never the page.
 */
export function Table({ caption, captionId, labelledBy, describedBy, region, regionLabelledBy, columns, head, busy, className, children }: TableProps) {
  const regionName = region ?? (typeof caption === 'string' ? caption : undefined);
  return (
    <TableRegion label={regionName} labelledBy={regionLabelledBy}>
      <table className={['table', className].filter(Boolean).join(' ')} aria-labelledby={labelledBy} aria-describedby={describedBy} aria-busy={busy || undefined}>
        {caption !== undefined && <caption id={captionId}>{caption}</caption>}
        <thead>
          <tr>{columns ? <ColumnHeaders columns={columns} /> : head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableRegion>
  );
}
