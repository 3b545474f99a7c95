/** Streams over time per outlet: a visx line chart with a legend and a summary table. Fetches nothing. */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scaleUtc } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { compactNumber } from '@cadence/domain/compact-number';
import type { LineSeries } from './trends-data';

const MARGIN = { top: 10, right: 16, bottom: 36, left: 48 };

export function LineChart({ series, from, to, width = 720, height = 280 }: { series: readonly LineSeries[]; from: string; to: string; width?: number; height?: number }) {
  const innerW = width - MARGIN.left - MARGIN.right;
  const innerH = height - MARGIN.top - MARGIN.bottom;
  const x = scaleUtc<number>({ domain: [new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`)], range: [0, innerW] });
  const max = Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.quantity)));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label="Streams per day for each store; the table below sums them up">
        <Group left={MARGIN.left} top={MARGIN.top}>
          {series.map((s) => (
            <LinePath
              key={s.outletId}
              data={s.points}
              x={(p) => x(new Date(`${p.date}T00:00:00Z`))}
              y={(p) => y(p.quantity)}
              stroke={s.colour}
              strokeWidth={2}
              fill="none"
              data-testid={`line-${s.outletId}`}
            />
          ))}
          <AxisLeft scale={y} numTicks={4} tickFormat={(v) => compactNumber(Number(v))} />
          <AxisBottom top={innerH} scale={x} numTicks={5} tickFormat={(d) => (d as Date).toISOString().slice(5, 10)} />
        </Group>
      </svg>
      <figcaption>
        <ul className="legend" aria-label="Stores">
          {series.map((s) => (
            <li key={s.outletId}>
              <svg width="12" height="12" aria-hidden="true">
                <rect width="12" height="12" fill={s.colour} />
              </svg>
              {s.name}
            </li>
          ))}
        </ul>
      </figcaption>
      <table className="chart-table">
        <caption>Streams per store from {from} to {to}</caption>
        <thead>
          <tr>
            <th scope="col">Store</th>
            <th scope="col" className="num">
              Streams
            </th>
            <th scope="col">Best day</th>
          </tr>
        </thead>
        <tbody>
          {series.map((s) => (
            <tr key={s.outletId}>
              <th scope="row">{s.name}</th>
              <td className="num" title={s.total.toLocaleString('en-US')}>
                {compactNumber(s.total)}
              </td>
              <td>{s.peak ? `${s.peak.date} (${compactNumber(s.peak.quantity)})` : '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
