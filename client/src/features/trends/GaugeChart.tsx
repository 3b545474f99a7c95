/** The gauge chart (supporting §2): concentric half-circle arcs with labels, and a table. Fetches nothing. */
import { Group } from '@visx/group';
import { Arc } from '@visx/shape';
import { compactNumber } from '@cadence/domain/compact-number';
import { gaugeArcs, GAUGE_LINE_WIDTH } from './trends-data';

export interface GaugeChartProps {
  title: string;
  items: readonly { key: string; label: string; value: number }[];
  size?: number;
  /** Width of the grey track behind each arc (supporting §2 default 10). */
  lineWidth?: number;
}

export function GaugeChart({ title, items, size = 240, lineWidth = GAUGE_LINE_WIDTH }: GaugeChartProps) {
  const radius = size / 2 - 4;
  const arcs = gaugeArcs(items, radius);
  return (
    <figure className="chart gauge">
      <svg viewBox={`0 0 ${size} ${size / 2 + 8}`} width="100%" role="img" aria-label={`${title}; the table beside lists the figures`}>
        <Group left={size / 2} top={size / 2}>
          {arcs.map((a) => (
            <g key={a.key} data-testid="gauge-arc">
              <Arc innerRadius={a.outerRadius - lineWidth / 2 - (a.outerRadius - a.innerRadius) / 2} outerRadius={a.outerRadius - (a.outerRadius - a.innerRadius) / 2 + lineWidth / 2} startAngle={-Math.PI / 2} endAngle={Math.PI / 2} fill="#e6e8ef" />
              <Arc innerRadius={a.innerRadius} outerRadius={a.outerRadius} startAngle={a.startAngle} endAngle={a.endAngle} fill={a.colour} cornerRadius={2} />
              <text x={-4} y={-(a.innerRadius + a.outerRadius) / 2} textAnchor="end" dominantBaseline="middle" className="gauge-label">
                {a.label}
              </text>
            </g>
          ))}
        </Group>
      </svg>
      <table className="chart-table">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="num">
              Streams
            </th>
            <th scope="col" className="num">
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {arcs.map((a) => (
            <tr key={a.key}>
              <th scope="row">{a.label}</th>
              <td className="num">{compactNumber(a.value)}</td>
              <td className="num">{Math.round(a.share * 100)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
