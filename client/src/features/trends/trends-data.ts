/** Shaping of the trends charts' data (supporting §2, §9). Pure functions, tested beside. */

/** Analytics window (supporting §9): the last 90 days. */
export const ANALYTICS_WINDOW_DAYS = 90;
/** Last-reported ranges start from today minus 120 days (supporting §9). */
export const LAST_REPORTED_OFFSET_DAYS = 120;
/** Top tracks and countries (supporting §9). */
export const TOP_DEFAULT = 5;
export const TOP_EXPANDED = 25;
/** Gauge chart (supporting §2). */
export const GAUGE_LABEL_MAX = 28;
export const GAUGE_ARC_WIDTH_RATIO = 0.7;
export const GAUGE_LINE_WIDTH = 10;
/** Fixed outlet colours (supporting §3): Spotify 28 and Apple Music 61. */
export const FIXED_OUTLET_COLOURS: Readonly<Record<number, string>> = { 28: '#1DB954', 61: '#FA2D48' };
const PALETTE = ['#1d3fd8', '#e67e22', '#8e44ad', '#16a085', '#c0392b', '#2c3e50', '#d4ac0d', '#7f8c8d'];

export type PresetId = 'last90' | 'month' | 'quarter' | 'ytd';
export const PRESETS: { id: PresetId; label: string }[] = [
  { id: 'last90', label: 'Last 90 days' },
  { id: 'month', label: 'A month from the last report' },
  { id: 'quarter', label: 'A quarter from the last report' },
  { id: 'ytd', label: 'A year from the last report' },
];

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function parse(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function addDays(day: string, n: number): string {
  const d = parse(day);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
}

/** The same day n months on, or that month's last day when it is shorter (Jan 31 + 1 = Feb 28). */
function addMonths(day: string, n: number): string {
  const d = parse(day);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return iso(target);
}

/**
 * A preset's range (yyyy-MM-dd): the last 90 days to today; or, from the last-reported date
 * (today minus 120 days), a month, a quarter or a year on, never past today.
 */
export function presetRange(id: PresetId, today: string): { from: string; to: string } {
  if (id === 'last90') return { from: addDays(today, -ANALYTICS_WINDOW_DAYS), to: today };
  const from = addDays(today, -LAST_REPORTED_OFFSET_DAYS);
  const to = id === 'month' ? addMonths(from, 1) : id === 'quarter' ? addMonths(from, 3) : addMonths(from, 12);
  return { from, to: to > today ? today : to };
}

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

/** A gauge label cut at 28 characters (supporting §2), with an ellipsis when cut. */
export function gaugeLabel(label: string, max = GAUGE_LABEL_MAX): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
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
