import { jest } from '@jest/globals';
import { afterFirstContentfulPaint, type PaintEnv } from './first-paint';

/** A Paint Timing observer the test drives: `paint(name)` records an entry as the browser would. */
function fakePaintTiming(supported = true) {
  const recorded: string[] = [];
  const observers = new Set<{ callback: PerformanceObserverCallback; buffered: boolean }>();
  class Observer {
    static supportedEntryTypes = supported ? ['paint', 'navigation'] : ['navigation'];
    private entry?: { callback: PerformanceObserverCallback; buffered: boolean };
    constructor(private readonly callback: PerformanceObserverCallback) {}
    observe(options: PerformanceObserverInit) {
      this.entry = { callback: this.callback, buffered: Boolean(options.buffered) };
      observers.add(this.entry);
      if (options.buffered && recorded.length > 0) deliver(this.entry, recorded);
    }
    disconnect() {
      if (this.entry) observers.delete(this.entry);
    }
  }
  function deliver(entry: { callback: PerformanceObserverCallback }, names: string[]) {
    const list = { getEntriesByName: (name: string) => names.filter((n) => n === name).map((n) => ({ name: n })) } as unknown as PerformanceObserverEntryList;
    entry.callback(list, {} as PerformanceObserver);
  }
  return {
    Observer: Observer as unknown as PaintEnv['Observer'],
    paint(name: string) {
      recorded.push(name);
      [...observers].forEach((o) => deliver(o, [name]));
    },
    observing: () => observers.size,
  };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

afterEach(() => jest.useRealTimers());

test('waits for the first contentful paint, not the first paint, then stops observing', async () => {
  const timing = fakePaintTiming();
  const wait = afterFirstContentfulPaint(1000, { Observer: timing.Observer, hidden: () => false });
  expect(await settled(wait)).toBe(false);
  timing.paint('first-paint');
  expect(await settled(wait)).toBe(false);
  timing.paint('first-contentful-paint');
  expect(await settled(wait)).toBe(true);
  expect(timing.observing()).toBe(0);
});

test('a paint that happened before the call answers at once (buffered entry)', async () => {
  const timing = fakePaintTiming();
  timing.paint('first-contentful-paint');
  expect(await settled(afterFirstContentfulPaint(1000, { Observer: timing.Observer, hidden: () => false }))).toBe(true);
});

test('gives up waiting after the timeout, so a page that never paints still starts', async () => {
  jest.useFakeTimers();
  const timing = fakePaintTiming();
  const wait = afterFirstContentfulPaint(500, { Observer: timing.Observer, hidden: () => false });
  jest.advanceTimersByTime(499);
  expect(await settled(wait)).toBe(false);
  jest.advanceTimersByTime(1);
  expect(await settled(wait)).toBe(true);
  expect(timing.observing()).toBe(0);
});

test('does not wait without Paint Timing support or in a hidden tab', async () => {
  const unsupported = fakePaintTiming(false);
  expect(await settled(afterFirstContentfulPaint(1000, { Observer: unsupported.Observer, hidden: () => false }))).toBe(true);
  expect(await settled(afterFirstContentfulPaint(1000, { Observer: undefined, hidden: () => false }))).toBe(true);
  const timing = fakePaintTiming();
  expect(await settled(afterFirstContentfulPaint(1000, { Observer: timing.Observer, hidden: () => true }))).toBe(true);
  expect(timing.observing()).toBe(0);
});

test('in this test browser (jsdom, no Paint Timing) the app does not wait at all', async () => {
  expect(await settled(afterFirstContentfulPaint())).toBe(true);
});
