/**
 * The sortable table header (supporting §2): clicking a column emits it; the arrow shows only on
 * the active column, pointing down when ascending and up when descending, 14 px.
 */
export type SortDirection = 'asc' | 'desc';

export const SORT_ARROW_SIZE = 14;

export interface SortableHeaderProps<C extends string> {
  column: C;
  label: string;
  active: C;
  direction: SortDirection;
  onSort: (column: C) => void;
  numeric?: boolean;
}

/** The arrow: down when ascending, up when descending (supporting §2). */
export function SortArrow({ direction }: { direction: SortDirection }) {
  const points = direction === 'asc' ? '2,5 12,5 7,11' : '2,9 12,9 7,3';
  return (
    <svg className="sort-arrow" width={SORT_ARROW_SIZE} height={SORT_ARROW_SIZE} viewBox="0 0 14 14" aria-hidden="true" data-direction={direction} focusable="false">
      <polygon points={points} fill="currentColor" />
    </svg>
  );
}

export function SortableHeader<C extends string>({ column, label, active, direction, onSort, numeric }: SortableHeaderProps<C>) {
  const isActive = column === active;
  return (
    <th scope="col" aria-sort={isActive ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'} className={numeric ? 'num' : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {label}
        {isActive ? <SortArrow direction={direction} /> : null}
      </button>
    </th>
  );
}
