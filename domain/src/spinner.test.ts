import { initialSpinnerState, showGlobalSpinner, spinnerReducer, type SpinnerEvent, type SpinnerState } from './spinner';

const run = (events: SpinnerEvent[]): SpinnerState => events.reduce(spinnerReducer, initialSpinnerState);
const start = (id: string): SpinnerEvent => ({ type: 'started', id });
const elapse = (id: string): SpinnerEvent => ({ type: 'elapsed', id });
const finish = (id: string): SpinnerEvent => ({ type: 'finished', id });

describe('spinnerReducer', () => {
  it.each([
    ['a quick request never shows it', [start('a'), finish('a'), elapse('a')], false, 0],
    ['a slow request shows it', [start('a'), elapse('a')], true, 1],
    ['it goes off when the slow request finishes', [start('a'), elapse('a'), finish('a')], false, 0],
    ['it stays on while another request runs', [start('a'), start('b'), elapse('a'), finish('a')], true, 1],
    ['a new quick request does not turn it on', [start('a'), start('b'), finish('a'), elapse('b')], true, 1],
    ['finishing an unknown request is harmless', [finish('x')], false, 0],
  ])('%s', (_name, events, active, pendingCount) => {
    const state = run(events);
    expect(state.active).toBe(active);
    expect(state.pending.size).toBe(pendingCount);
  });
  it('does not mutate the previous state', () => {
    const started = spinnerReducer(initialSpinnerState, start('a'));
    expect(initialSpinnerState.pending.size).toBe(0);
    expect(started.pending.has('a')).toBe(true);
  });
});

describe('showGlobalSpinner', () => {
  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
  ])('active %s, container spinner %s -> %s', (active, container, shown) => {
    expect(showGlobalSpinner({ pending: new Set(), active }, container)).toBe(shown);
  });
});
