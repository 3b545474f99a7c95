import { SCREEN_SAVER_LINE_WIDTH, SCREEN_SAVER_GRID_CELL_PX, SCREEN_SAVER_TICK_MS } from '@cadence/domain/constants';
import { addBeat, beatIntervalMs, gridSize, pickBackground, pickBpm, type Random, type Shape } from '@cadence/domain/screen-saver';
import { useEffect, useRef, useState } from 'react';
import { useScrollLock } from '../../ui/scroll-lock';
import './screen-saver.css';

const CELL = SCREEN_SAVER_GRID_CELL_PX;

/** The time and time zone, e.g. "14:05:09 CET". */
export function formatClock(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short', timeZone }).format(date);
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function ShapeView({ shape, column }: { shape: Shape; column: number }) {
  const x = column * CELL + CELL / 2;
  const y = shape.row * CELL + CELL / 2;
  const r = CELL / 2 - SCREEN_SAVER_LINE_WIDTH;
  const paint = shape.filled ? { fill: 'currentColor' } : { fill: 'none', stroke: 'currentColor', strokeWidth: SCREEN_SAVER_LINE_WIDTH };
  return shape.kind === 'circle' ? <circle cx={x} cy={y} r={r} {...paint} /> : <rect x={x - r} y={y - r} width={r * 2} height={r * 2} {...paint} />;
}

export interface ScreenSaverOverlayProps {
  random: Random;
  now: () => number;
}

/**
 * Core §4: a random background and BPM on sleep, one column of the grid per beat (domain
 * `addBeat`), and the clock with its time zone every 500 ms. With reduced motion the grid stays still.
 */
export default function ScreenSaverOverlay({ random, now }: ScreenSaverOverlayProps) {
  const [{ background, bpm }] = useState(() => ({ background: pickBackground(random), bpm: pickBpm(random) }));
  const [time, setTime] = useState(() => formatClock(new Date(now())));
  const [columns, setColumns] = useState<Shape[]>([]);
  const ref = useRef<HTMLDivElement>(null);
  useScrollLock(true);

  useEffect(() => {
    ref.current?.focus();
    const tick = window.setInterval(() => setTime(formatClock(new Date(now()))), SCREEN_SAVER_TICK_MS);
    return () => window.clearInterval(tick);
  }, [now]);

  const size = gridSize(window.innerWidth, window.innerHeight);
  useEffect(() => {
    if (prefersReducedMotion()) return undefined;
    const beat = window.setInterval(() => setColumns((current) => addBeat(current, size.columns, size.rows, random)), beatIntervalMs(bpm));
    return () => window.clearInterval(beat);
  }, [bpm, random, size.columns, size.rows]);

  return (
    <div ref={ref} className={`screen-saver screen-saver--${background}`} role="dialog" aria-modal="true" aria-label="Screen saver" tabIndex={-1} data-testid="screen-saver">
      <svg className="screen-saver__grid" width={size.columns * CELL} height={size.rows * CELL} aria-hidden="true">
        {columns.map((shape, column) => (
          <ShapeView key={column} shape={shape} column={column} />
        ))}
      </svg>
      <div className="screen-saver__info">
        <p className="screen-saver__clock" role="timer" aria-live="off">
          {time}
        </p>
        <p className="screen-saver__bpm">{bpm} BPM</p>
        <p className="screen-saver__hint">Click or press any key to continue</p>
      </div>
    </div>
  );
}
