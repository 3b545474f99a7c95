import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AlertsList } from './AlertsList';
import { AlertsProvider, useAlerts, type NewAlert } from './AlertsProvider';

let api: ReturnType<typeof useAlerts>;
function Capture() {
  api = useAlerts();
  return null;
}

function renderAlerts() {
  render(
    <AlertsProvider>
      <Capture />
      <AlertsList />
    </AlertsProvider>,
  );
}

const show = (alert: NewAlert) => act(() => void api.showAlert(alert));

afterEach(() => {
  jest.useRealTimers();
});

test.each([
  ['success', 'Success'],
  ['warning', 'Warning'],
  ['error', 'Error'],
  ['dark', 'Notice'],
  ['info', 'Information'],
] as const)('a %s alert shows its sanitised message and closes with its button', async (type, label) => {
  renderAlerts();
  await show({ type, message: `Saved <b>now</b><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>` });
  const item = (await screen.findByText('now')).closest('li')!;
  expect(item).toHaveClass(`alert--${type}`);
  expect(item).toHaveTextContent(`${label}: Saved now`);
  expect(item.querySelector('img')).toBeNull();
  expect(item.querySelector('a')).not.toHaveAttribute('href');
  await userEvent.click(screen.getByRole('button', { name: `Close ${label.toLowerCase()} alert` }));
  expect(screen.queryByText('now')).not.toBeInTheDocument();
});

test('errors and warnings are announced assertively; the list is a polite live region', async () => {
  renderAlerts();
  await show({ type: 'error', message: 'Broken' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Broken');
  expect(screen.getByRole('alert').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
});

test('alerts close themselves only with a numeric duration of 10 ms or more', async () => {
  jest.useFakeTimers();
  renderAlerts();
  await show({ type: 'info', message: 'Timed', duration: 3000 });
  await show({ type: 'info', message: 'Short', duration: 5 });
  await show({ type: 'info', message: 'Text', duration: '3000' });
  await show({ type: 'info', message: 'Forever' });
  await act(async () => {
    await jest.advanceTimersByTimeAsync(100);
  });
  expect(screen.getByText('Timed')).toBeInTheDocument();
  await act(async () => {
    await jest.advanceTimersByTimeAsync(3000);
  });
  expect(screen.queryByText('Timed')).not.toBeInTheDocument();
  expect(screen.getByText('Short')).toBeInTheDocument();
  expect(screen.getByText('Text')).toBeInTheDocument();
  expect(screen.getByText('Forever')).toBeInTheDocument();
});

test('useAlerts outside the provider says what is missing', () => {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(() => render(<Capture />)).toThrow('AlertsProvider');
  spy.mockRestore();
});
