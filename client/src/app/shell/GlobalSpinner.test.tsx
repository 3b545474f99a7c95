import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { trackRequest } from './activity';
import { GlobalSpinner } from './GlobalSpinner';

const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('shows only when a request is still running after 2000 ms, and goes off when none is left', async () => {
  render(<GlobalSpinner />);
  const fast = deferred();
  const slow = deferred();
  act(() => void trackRequest(() => fast.promise));
  act(() => void trackRequest(() => slow.promise));
  await advance(1000);
  await act(async () => fast.resolve());
  await advance(999);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  await advance(1);
  expect(screen.getByRole('status')).toHaveTextContent('Loading');
  await act(async () => slow.resolve());
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('a request finished within 2000 ms never shows it', async () => {
  render(<GlobalSpinner />);
  const quick = deferred();
  act(() => void trackRequest(() => quick.promise));
  await advance(1500);
  await act(async () => quick.resolve());
  await advance(5000);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('stays away when the page already shows its own spinner', async () => {
  render(
    <>
      <main id="main">
        <div className="spinner" role="status">
          Loading releases
        </div>
      </main>
      <GlobalSpinner />
    </>,
  );
  const slow = deferred();
  act(() => void trackRequest(() => slow.promise));
  await advance(3000);
  expect(screen.getAllByRole('status')).toHaveLength(1);
  await act(async () => slow.resolve());
});

test('stays away while the page shows its skeleton (a busy region)', async () => {
  render(
    <>
      <main id="main">
        <div aria-busy="true">
          <p role="status">Loading your releases…</p>
        </div>
      </main>
      <GlobalSpinner />
    </>,
  );
  const slow = deferred();
  act(() => void trackRequest(() => slow.promise));
  await advance(3000);
  expect(screen.getAllByRole('status')).toHaveLength(1);
  await act(async () => slow.resolve());
});
