import {
  addBeat,
  beatIntervalMs,
  gridSize,
  isActivity,
  pickBackground,
  pickBpm,
  pickShape,
  pickShift,
  randomInt,
  shouldSleep,
  wakesScreenSaver,
  type Shape,
} from './screen-saver';

/** A random source that returns the given values in turn. */
const seq = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] as number;
};

describe('random picks', () => {
  it.each([
    [0, 0, 3, 0],
    [0.999, 0, 3, 3],
    [1, 0, 3, 3],
    [0.5, 90, 240, 165],
  ])('randomInt(%d, %i, %i) = %i', (r, min, max, n) => {
    expect(randomInt(() => r, min, max)).toBe(n);
  });
  it.each([
    [0, 'blue'],
    [0.25, 'yellow'],
    [0.5, 'red'],
    [0.99, 'black'],
  ])('pickBackground(%d) = %s', (r, colour) => {
    expect(pickBackground(() => r)).toBe(colour);
  });
  it.each([
    [0, 90],
    [0.9999, 240],
  ])('pickBpm(%d) = %i', (r, bpm) => {
    expect(pickBpm(() => r)).toBe(bpm);
  });
  it('beat interval', () => {
    expect(beatIntervalMs(120)).toBe(500);
  });
  it.each([
    [[0, 0.66, 0.74], { row: 0, kind: 'circle', filled: true }],
    [[0.99, 0.67, 0.75], { row: 9, kind: 'square', filled: false }],
  ])('pickShape(%j)', (values, shape) => {
    expect(pickShape(seq(...values), 10)).toEqual(shape);
  });
});

describe('grid', () => {
  it.each([
    [1000, 600, { columns: 20, rows: 12 }],
    [30, 30, { columns: 1, rows: 1 }],
  ])('gridSize(%i, %i)', (w, h, size) => {
    expect(gridSize(w, h)).toEqual(size);
  });
  it.each([
    [0, 20, 4],
    [0.99, 20, 20],
    [0.5, 22, 12],
    [0.9, 3, 4],
  ])('pickShift(%d, %i columns) = %i', (r, columns, shift) => {
    expect(pickShift(() => r, columns)).toBe(shift);
  });
  it('adds a column while there is room', () => {
    const next = addBeat([], 8, 4, seq(0.5, 0.1, 0.1));
    expect(next).toEqual([{ row: 2, kind: 'circle', filled: true }]);
  });
  it('shifts full columns left by a multiple of 4 and drops the ones pushed out', () => {
    const full: Shape[] = Array.from({ length: 8 }, (_, row) => ({ row, kind: 'square', filled: false }));
    // first random picks the shift (0 -> 4 columns), then the new shape
    const next = addBeat(full, 8, 8, seq(0, 0, 0.9, 0.9));
    expect(next.map((s) => s.row)).toEqual([4, 5, 6, 7, 0]);
    expect(next.at(-1)).toEqual({ row: 0, kind: 'square', filled: false });
  });
});

describe('idle and wake', () => {
  it.each([
    [0, 299_999, false],
    [0, 300_000, true],
  ])('shouldSleep(%i, %i) = %s', (last, now, sleep) => {
    expect(shouldSleep(last, now)).toBe(sleep);
  });
  it.each([
    ['click', true, true],
    ['touchstart', true, true],
    ['keyup', true, true],
    ['mousemove', false, true],
    ['scroll', false, true],
    ['keydown', false, false],
  ])('%s: wakes %s, activity %s', (event, wakes, activity) => {
    expect(wakesScreenSaver(event)).toBe(wakes);
    expect(isActivity(event)).toBe(activity);
  });
});
