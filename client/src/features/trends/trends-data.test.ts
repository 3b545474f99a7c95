import { daysOf, gaugeArcs, lineSeries, outletColour } from './trends-data';

test('days of a range are inclusive', () => {
  expect(daysOf('2025-02-27', '2025-03-01')).toEqual(['2025-02-27', '2025-02-28', '2025-03-01']);
});

test('line series fill missing days with 0, order by total, fix the colours of 28 and 61', () => {
  const series = lineSeries(
    [
      { outletId: 55, outletName: 'Deezer', colour: null, quantity: 5, points: [{ date: '2025-01-02', quantity: 5 }] },
      { outletId: 61, outletName: 'Apple Music', colour: null, quantity: 9, points: [{ date: '2025-01-01', quantity: 9 }] },
    ],
    '2025-01-01',
    '2025-01-03',
  );
  expect(series.map((s) => [s.name, s.colour, s.points.map((p) => p.quantity), s.peak])).toEqual([
    ['Apple Music', '#FA2D48', [9, 0, 0], { date: '2025-01-01', quantity: 9 }],
    ['Deezer', '#e67e22', [0, 5, 0], { date: '2025-01-02', quantity: 5 }],
  ]);
  expect(outletColour(28, 3)).toBe('#1DB954');
});

test('gauge arcs are 70% of their radius band and sweep their share of the largest', () => {
  const arcs = gaugeArcs(
    [
      { key: 'US', label: 'United States', value: 100 },
      { key: 'DE', label: 'Germany', value: 50 },
    ],
    100,
  );
  expect(arcs[0]).toMatchObject({ outerRadius: 100, innerRadius: 65, startAngle: -Math.PI / 2, endAngle: Math.PI / 2 });
  expect(arcs[1]).toMatchObject({ outerRadius: 50, innerRadius: 15, endAngle: 0 });
  expect(arcs[0]!.share).toBeCloseTo(2 / 3);
  expect(gaugeArcs([], 10)).toEqual([]);
});
