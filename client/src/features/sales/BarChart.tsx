/** A visx bar chart of cents per bar, with a table as its text alternative. Fetches nothing. */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar as VisxBar } from '@visx/shape';
import { compactNumber } from '@cadence/domain/compact-number';
import type { Bar } from './sales-format';

export interface BarChartProps {
  bars: readonly Bar[];
  title: string;
  width?: number;
  height?: number;
}

const MARGIN = { top: 10, right: 10, bottom: 40, left: 56 };

export function BarChart({ bars, title, width = 640, height = 260 }: BarChartProps) {
  const innerW = width - MARGIN.left - MARGIN.right;
  const innerH = height - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: bars.map((b) => b.key), range: [0, innerW], padding: 0.2 });
  const max = Math.max(1, ...bars.map((b) => b.cents / 100));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
  const labelOf = new Map(bars.map((b) => [b.key, b.label]));
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={`${title} bar chart; the table below has the same figures`}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {bars.map((b) => {
            const h = innerH - y(b.cents / 100);
            return <VisxBar key={b.key} x={x(b.key)} y={innerH - h} width={x.bandwidth()} height={h} className="chart-bar" data-testid="bar" />;
          })}
          <AxisLeft scale={y} numTicks={4} tickFormat={(v) => `$${compactNumber(Number(v))}`} />
          <AxisBottom top={innerH} scale={x} tickFormat={(k) => labelOf.get(k) ?? k} />
        </Group>
      </svg>
    </figure>
  );
}
