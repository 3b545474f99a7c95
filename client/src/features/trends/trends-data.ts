/** Shaping of the trends charts' data (supporting §2, §9). Pure functions, tested beside. */

import { gaugeLabel } from '@cadence/domain/analytics';
import { GAUGE_ARC_WIDTH_RATIO, GAUGE_LINE_WIDTH } from '@cadence/domain/constants';
import { addDays } from '@cadence/domain/date-string';

export { GAUGE_LINE_WIDTH };
/** "Show top 25" expands the top tracks and countries (the default is TOP_ENTRIES_DEFAULT, 5). */
export const TOP_EXPANDED = 25;
/** Fixed outlet colours (supporting §3): Spotify 28 and Apple Music 61. */
export const FIXED_OUTLET_COLOURS: Readonly<Record<number, string>> = { 28: '#1DB954', 61: '#FA2D48' };
const PALETTE = ['#1d3fd8', '#e67e22', '#8e44ad', '#16a085', '#c0392b', '#2c3e50', '#d4ac0d', '#7f8c8d'];

/** Every day of a range, inclusive. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 1000; d = addDays(d, 1)) out.push(d);
  return out;
}

export interface OutletInput {
  outletId: number;
  outletName: string;
  colour: string | null;
  quantity: number;
  points: readonly { date: string; quantity: number }[];
}

export interface LineSeries {
  outletId: number;
  name: string;
  colour: string;
  total: number;
  peak: { date: string; quantity: number } | null;
  points: { date: string; quantity: number }[];
}

/** The colour of an outlet's line: fixed for 28 and 61, else the palette in order. */
export function outletColour(outletId: number, index: number, given?: string | null): string {
  return FIXED_OUTLET_COLOURS[outletId] ?? given ?? PALETTE[index % PALETTE.length]!;
}

/** One line per outlet over every day of the range (0 where nothing was reported), most streams first. */
export function lineSeries(outlets: readonly OutletInput[], from: string, to: string): LineSeries[] {
  const days = daysOf(from, to);
  return [...outlets]
    .sort((a, b) => b.quantity - a.quantity)
    .map((o, i) => {
      const byDay = new Map(o.points.map((p) => [p.date, p.quantity]));
      const points = days.map((date) => ({ date, quantity: byDay.get(date) ?? 0 }));
      const peak = points.reduce<LineSeries['peak']>((best, p) => (p.quantity > (best?.quantity ?? 0) ? p : best), null);
      return { outletId: o.outletId, name: o.outletName, colour: outletColour(o.outletId, i, o.colour), total: o.quantity, peak, points };
    });
}


export interface GaugeArc {
  key: string;
  label: string;
  value: number;
  share: number;
  innerRadius: number;
  outerRadius: number;
  startAngle: number;
  endAngle: number;
  colour: string;
}

/**
 * Concentric arcs, one per item, on a half circle: each arc's radius band is radius / n, the arc
 * is 70% of it wide (supporting §2), and it sweeps its share of the largest value.
 */
export function gaugeArcs(items: readonly { key: string; label: string; value: number }[], radius: number): GaugeArc[] {
  const n = items.length;
  if (!n) return [];
  const band = radius / n;
  const width = band * GAUGE_ARC_WIDTH_RATIO;
  const max = Math.max(...items.map((i) => i.value), 1);
  const total = items.reduce((s, i) => s + i.value, 0) || 1;
  return items.map((item, i) => {
    const outerRadius = radius - i * band;
    return {
      key: item.key,
      label: gaugeLabel(item.label),
      value: item.value,
      share: item.value / total,
      outerRadius,
      innerRadius: outerRadius - width,
      startAngle: -Math.PI / 2,
      endAngle: -Math.PI / 2 + Math.PI * (item.value / max),
      colour: PALETTE[i % PALETTE.length]!,
    };
  });
}
