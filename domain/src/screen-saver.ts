/**
 * Screen saver (core spec §4, §9): sleeps after 5 minutes without activity; on sleep a random
 * background and BPM; one column per beat with a shape at a random row (circle 67%, filled 75%);
 * when the columns are full, shapes shift left by a multiple of 4 columns. Randomness is injected.
 */
import {
  SCREEN_SAVER_BPM_MAX,
  SCREEN_SAVER_BPM_MIN,
  SCREEN_SAVER_CIRCLE_CHANCE,
  SCREEN_SAVER_COLOURS,
  SCREEN_SAVER_FILLED_CHANCE,
  SCREEN_SAVER_GRID_CELL_PX,
  SCREEN_SAVER_IDLE_MS,
  SCREEN_SAVER_SHIFT_STEP,
} from './constants';

/** A source of numbers in [0, 1), like Math.random. */
export type Random = () => number;

export type ScreenSaverColour = (typeof SCREEN_SAVER_COLOURS)[number];

/** An integer in [min, max] from a random source (values at or above 1 are clamped to max). */
export function randomInt(random: Random, min: number, max: number): number {
  return Math.min(max, min + Math.floor(random() * (max - min + 1)));
}

/** The background colour picked on sleep: blue, yellow, red or black. */
export function pickBackground(random: Random): ScreenSaverColour {
  return SCREEN_SAVER_COLOURS[randomInt(random, 0, SCREEN_SAVER_COLOURS.length - 1)] as ScreenSaverColour;
}

/** The BPM picked on sleep: 90 to 240 inclusive. */
export function pickBpm(random: Random): number {
  return randomInt(random, SCREEN_SAVER_BPM_MIN, SCREEN_SAVER_BPM_MAX);
}

/** Milliseconds per beat (one new column per beat). */
export function beatIntervalMs(bpm: number): number {
  return 60_000 / bpm;
}

export interface Shape {
  row: number;
  kind: 'circle' | 'square';
  filled: boolean;
}

/** A new column's shape: a random row, a circle 67% of the time (else a square), filled 75% of the time. */
export function pickShape(random: Random, rows: number): Shape {
  return {
    row: randomInt(random, 0, rows - 1),
    kind: random() < SCREEN_SAVER_CIRCLE_CHANCE ? 'circle' : 'square',
    filled: random() < SCREEN_SAVER_FILLED_CHANCE,
  };
}

/** Grid size for a screen of the given pixels (50 px cells, at least one of each). */
export function gridSize(width: number, height: number): { columns: number; rows: number } {
  return {
    columns: Math.max(1, Math.floor(width / SCREEN_SAVER_GRID_CELL_PX)),
    rows: Math.max(1, Math.floor(height / SCREEN_SAVER_GRID_CELL_PX)),
  };
}

/** How far full columns shift left: a random multiple of 4, at least 4, at most the column count rounded down to 4s (4 if fewer). */
export function pickShift(random: Random, columns: number): number {
  const steps = Math.max(1, Math.floor(columns / SCREEN_SAVER_SHIFT_STEP));
  return randomInt(random, 1, steps) * SCREEN_SAVER_SHIFT_STEP;
}

/** One beat: when the grid is full, shift left (dropping the columns pushed out), then add the new column. */
export function addBeat(columnsSoFar: readonly Shape[], columns: number, rows: number, random: Random): Shape[] {
  const kept = columnsSoFar.length >= columns ? columnsSoFar.slice(pickShift(random, columns)) : [...columnsSoFar];
  return [...kept, pickShape(random, rows)];
}

/** Sleep after 5 minutes without basic activity (mouse move and scroll count). */
export function shouldSleep(lastActivityMs: number, nowMs: number): boolean {
  return nowMs - lastActivityMs >= SCREEN_SAVER_IDLE_MS;
}

/** Click, touch or key-up wakes the screen saver; mouse move and scroll only count as activity. */
export function wakesScreenSaver(eventType: string): boolean {
  return eventType === 'click' || eventType === 'touchstart' || eventType === 'keyup';
}

/** Events that reset the idle timer. */
export function isActivity(eventType: string): boolean {
  return eventType === 'mousemove' || eventType === 'scroll' || wakesScreenSaver(eventType);
}
