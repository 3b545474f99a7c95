/** The financial summary (supporting §2): year view (mode 1) and month view (mode 2) as a bar chart with a table. */
import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Spinner } from '../../ui/Spinner';
import { AnnualSalesQuery, SalesByServiceQuery } from './sales.graphql';
import { BarChart } from './BarChart';
import { FINANCIAL_SUMMARY_MODE, type FinancialSummaryMode } from '@cadence/domain/analytics';
import { monthName, serviceBars, yearBars, type Bar } from './sales-format';


function BarTable({ bars, caption, head }: { bars: readonly Bar[]; caption: string; head: string }) {
  return (
    <table className="chart-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col" className="num">
            Revenue USD
          </th>
        </tr>
      </thead>
      <tbody>
        {bars.map((b) => (
          <tr key={b.key}>
            <th scope="row">{b.label}</th>
            <td className="num">{(b.cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function FinancialSummary() {
  const [mode, setMode] = useState<FinancialSummaryMode>(FINANCIAL_SUMMARY_MODE.YEAR);
  const [year, setYear] = useState(new Date().getUTCFullYear());
  const [period, setPeriod] = useState('');
  const annual = useQuery(AnnualSalesQuery, { variables: { year } });
  const dates = annual.data?.salesTransactionDates ?? annual.previousData?.salesTransactionDates ?? [];
  const month = period || dates[0] || '';
  const byService = useQuery(SalesByServiceQuery, { variables: { period: month }, skip: mode !== FINANCIAL_SUMMARY_MODE.MONTH || !month });
  const years = [...new Set([new Date().getUTCFullYear(), ...dates.map((d) => Number(d.slice(0, 4)))])].sort((a, b) => b - a);

  const bars = mode === FINANCIAL_SUMMARY_MODE.YEAR ? yearBars(annual.data?.annualSales ?? []) : serviceBars(byService.data?.salesByService ?? []);
  const loading = mode === FINANCIAL_SUMMARY_MODE.YEAR ? annual.loading : byService.loading;
  const title = mode === FINANCIAL_SUMMARY_MODE.YEAR ? `Revenue per month in ${year}` : `Revenue per service in ${month ? monthName(month) : 'the month'}`;
  return (
    <section className="financial-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">Financial summary</h2>
      <div className="summary-controls">
        <div role="group" aria-label="Summary view">
          <button type="button" aria-pressed={mode === FINANCIAL_SUMMARY_MODE.YEAR} onClick={() => setMode(FINANCIAL_SUMMARY_MODE.YEAR)}>
            Year
          </button>
          <button type="button" aria-pressed={mode === FINANCIAL_SUMMARY_MODE.MONTH} onClick={() => setMode(FINANCIAL_SUMMARY_MODE.MONTH)}>
            Month
          </button>
        </div>
        {mode === FINANCIAL_SUMMARY_MODE.YEAR ? (
          <label>
            Year
            <select value={year} onChange={(e) => setYear(Number(e.target.value))}>
              {years.map((y) => (
                <option key={y}>{y}</option>
              ))}
            </select>
          </label>
        ) : (
          <label>
            Month
            <select value={month} onChange={(e) => setPeriod(e.target.value)}>
              {dates.map((d) => (
                <option key={d} value={d}>
                  {monthName(d)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {annual.error ? <p role="alert">The summary could not be loaded.</p> : null}
      {loading ? (
        <Spinner label="Loading the summary" />
      ) : bars.length ? (
        <>
          <BarChart bars={bars} title={title} />
          <BarTable bars={bars} caption={title} head={mode === FINANCIAL_SUMMARY_MODE.YEAR ? 'Month' : 'Service'} />
        </>
      ) : (
        <p>No sales in this month.</p>
      )}
    </section>
  );
}
