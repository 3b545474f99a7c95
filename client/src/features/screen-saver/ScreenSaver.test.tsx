import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ShellServicesProvider } from '../../lib/shell-services';
import { createRestClient } from '../../lib/rest';
import { ScreenSaver } from './ScreenSaver';

const FIVE_MINUTES = 5 * 60 * 1000;

function renderSaver(randomValues: number[]) {
  let i = 0;
  const random = () => randomValues[i++ % randomValues.length]!;
  return render(
    <ShellServicesProvider value={{ rest: createRestClient(), random, now: () => Date.now(), leave: () => undefined }}>
      <ScreenSaver />
    </ShellServicesProvider>,
  );
}

const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-01-01T12:00:00Z') });
  window.matchMedia = ((query: string) => ({ matches: false, media: query })) as never;
});
afterEach(() => {
  jest.useRealTimers();
});

test('sleeps after 5 minutes without activity, with the injected random colour and BPM', async () => {
  // background index floor(0.5*4)=2 → red; BPM 90 + floor(0.0*151) = 90.
  renderSaver([0.5, 0.0]);
  await advance(FIVE_MINUTES - 1000);
  expect(screen.queryByRole('dialog', { name: 'Screen saver' })).not.toBeInTheDocument();
  await advance(1000);
  const saver = await screen.findByRole('dialog', { name: 'Screen saver' });
  expect(saver).toHaveClass('screen-saver--red');
  expect(saver).toHaveTextContent('90 BPM');
  expect(document.body.style.overflow).toBe('hidden');
});

test('mouse moves postpone sleep; while asleep they do not wake it, but a key-up does', async () => {
  renderSaver([0.1]);
  await advance(FIVE_MINUTES - 1000);
  fireEvent.mouseMove(window);
  await advance(2000);
  expect(screen.queryByRole('dialog', { name: 'Screen saver' })).not.toBeInTheDocument();
  await advance(FIVE_MINUTES);
  await screen.findByRole('dialog', { name: 'Screen saver' });
  fireEvent.mouseMove(window);
  expect(screen.getByRole('dialog', { name: 'Screen saver' })).toBeInTheDocument();
  fireEvent.keyUp(window, { key: 'a' });
  expect(screen.queryByRole('dialog', { name: 'Screen saver' })).not.toBeInTheDocument();
  expect(document.body.style.overflow).toBe('');
});

test('a click wakes it too, and the clock ticks every 500 ms', async () => {
  renderSaver([0.9]);
  await advance(FIVE_MINUTES);
  const clock = await screen.findByRole('timer');
  const before = clock.textContent;
  await advance(1000);
  expect(clock.textContent).not.toBe(before);
  fireEvent.click(window);
  expect(screen.queryByRole('dialog', { name: 'Screen saver' })).not.toBeInTheDocument();
});

test('draws one shape per beat, unless reduced motion is preferred', async () => {
  const view = renderSaver([0.0]); // BPM 90: a beat every 666 ms.
  await advance(FIVE_MINUTES);
  await screen.findByRole('dialog', { name: 'Screen saver' });
  await advance(2100);
  expect(view.container.querySelectorAll('circle, rect')).toHaveLength(3);
  view.unmount();

  window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), media: query })) as never;
  const still = renderSaver([0.0]);
  await advance(FIVE_MINUTES);
  await screen.findByRole('dialog', { name: 'Screen saver' });
  await advance(3000);
  expect(still.container.querySelectorAll('circle, rect')).toHaveLength(0);
});
