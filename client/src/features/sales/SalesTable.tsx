/** The /sales table (supporting §2): columns, sortable header, filters, paging and the CSV export. */
import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Button, buttonClass } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { SalesTableQuery } from './sales.graphql';
import { nextSort, SortableHeader, Table, type SortState } from '../../ui/Table';
import { EMPTY_FILTERS, exportHref, filterInput, formatUsd, type SalesFilterState } from './sales-format';
import type { SalesSortColumn } from '../../gql/graphql';

export const SALES_PAGE_SIZE = 20;

const COLUMNS: { column: SalesSortColumn; label: string; numeric?: boolean }[] = [
  { column: 'period', label: 'Period' },
  { column: 'artist', label: 'Artist' },
  { column: 'release', label: 'Release' },
  { column: 'service', label: 'Service' },
  { column: 'trackTitle', label: 'Track Title' },
  { column: 'units', label: 'Units', numeric: true },
  { column: 'country', label: 'Country' },
  { column: 'payable', label: 'Payable USD', numeric: true },
];

function single(values: string[]): string {
  return values[0] ?? '';
}

export function SalesTable() {
  const [filters, setFilters] = useState<SalesFilterState>(EMPTY_FILTERS);
  const [sort, setSort] = useState<SortState<SalesSortColumn>>({ column: 'period', direction: 'desc' });
  const [page, setPage] = useState(1);
  const { data, previousData, loading, error } = useQuery(SalesTableQuery, {
    variables: { filter: filterInput(filters), sortColumn: sort.column, sortDirection: sort.direction, page, pageSize: SALES_PAGE_SIZE },
  });
  // A failed fetch shows the empty result (supporting §8).
  const result = (data ?? previousData)?.sales ?? { count: 0, transactions: [], filters: { artists: [], services: [], releases: [], tracks: [] } };
  const pages = Math.max(1, Math.ceil(result.count / SALES_PAGE_SIZE));

  const onSort = (column: SalesSortColumn) => {
    setSort((s) => nextSort(s, column));
    setPage(1);
  };
  const setFilter = (key: keyof SalesFilterState, value: string) => {
    setFilters((f) => ({ ...f, [key]: key === 'dateFrom' || key === 'dateTo' ? value : value ? [value] : [] }));
    setPage(1);
  };

  return (
    <section className="sales-table" aria-labelledby="sales-table-title">
      <h2 id="sales-table-title">Sales</h2>
      <form className="sales-filters" aria-label="Filter sales" onSubmit={(e) => e.preventDefault()}>
        <label>
          Service
          <select value={single(filters.services)} onChange={(e) => setFilter('services', e.target.value)}>
            <option value="">All services</option>
            {result.filters.services.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          Artist
          <select value={single(filters.artists)} onChange={(e) => setFilter('artists', e.target.value)}>
            <option value="">All artists</option>
            {result.filters.artists.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </label>
        <label>
          Release
          <select value={single(filters.releases)} onChange={(e) => setFilter('releases', e.target.value)}>
            <option value="">All releases</option>
            {result.filters.releases.map((r) => (
              <option key={r.id} value={r.id}>
                {r.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Track
          <select value={single(filters.tracks)} onChange={(e) => setFilter('tracks', e.target.value)}>
            <option value="">All tracks</option>
            {result.filters.tracks.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Country
          <input value={single(filters.countries)} maxLength={2} size={3} placeholder="US" onChange={(e) => setFilter('countries', e.target.value.toUpperCase().slice(0, 2))} />
        </label>
        <label>
          From
          <input type="month" value={filters.dateFrom} onChange={(e) => setFilter('dateFrom', e.target.value)} />
        </label>
        <label>
          To
          <input type="month" value={filters.dateTo} onChange={(e) => setFilter('dateTo', e.target.value)} />
        </label>
        <a className={buttonClass('secondary')} href={exportHref(filters, sort)} download="sales.csv">
          Download CSV
        </a>
      </form>
      {error ? <p role="alert">Sales could not be loaded.</p> : null}
      <Table region="Sales" describedBy="sales-count" busy={loading} head={COLUMNS.map((c) => <SortableHeader key={c.column} column={c.column} label={c.label} numeric={c.numeric} sort={sort} onSort={onSort} />)}>
        {result.transactions.map((t) => (
          <tr key={t.id}>
            <td>{t.period}</td>
            <td>{t.artistName}</td>
            <td>{t.releaseTitle}</td>
            <td>{t.serviceName}</td>
            <td>{t.trackTitle}</td>
            <td className="num">{t.units.toLocaleString('en-US')}</td>
            <td>{t.countryCode}</td>
            <td className="num">{formatUsd(t.payable)}</td>
          </tr>
        ))}
      </Table>
      {loading && !data ? <Spinner label="Loading sales" /> : null}
      <p id="sales-count" aria-live="polite">
        {result.count === 0 && !loading ? 'No sales yet.' : `${result.count.toLocaleString('en-US')} rows, page ${page} of ${pages}`}
      </p>
      <nav aria-label="Sales pages" className="pager">
        <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          Previous page
        </Button>
        <Button variant="secondary" size="small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          Next page
        </Button>
      </nav>
    </section>
  );
}
