import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { renderRoute } from '../../../test/render-route';
import SystemPage, { loader } from './SystemPage';
import { RetryJobMutation, SystemStatusQuery } from './system.graphql';

const server = useMswServer();

const failedJob = (state: string) => ({
  __typename: 'FailedJob',
  id: 'job-1',
  name: 'deliver-release',
  state,
  attempts: 3,
  maxAttempts: 3,
  lastError: 'SFTP refused the login',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

const status = (state: string) => ({
  systemStatus: {
    __typename: 'SystemStatus',
    oldestWaitingSeconds: 0,
    jobCounts: [{ __typename: 'JobCount', name: 'deliver-release', status: 'FAILED', count: 1 }],
    failedJobs: [failedJob(state)],
    serverErrors: [],
    failingDeliveries: [],
    failingPayouts: [],
  },
});

test('the loader preloads the status; a retry asks the server again and the page follows', async () => {
  let asked = 0;
  server.use(
    api.query(SystemStatusQuery, () => {
      asked += 1;
      return HttpResponse.json({ data: status(asked === 1 ? 'DEAD' : 'RETRYING') } as never);
    }),
    api.mutation(RetryJobMutation, () => HttpResponse.json({ data: { retryJob: { __typename: 'RetryJobPayload', job: { __typename: 'FailedJob', id: 'job-1', state: 'RETRYING' } } } } as never)),
  );
  renderRoute(<SystemPage />, { loader, path: '/support/system' });

  const failed = await screen.findByRole('table', { name: 'Failed jobs, latest first' }, { timeout: 5000 });
  expect(within(failed).getByRole('cell', { name: 'Gave up' })).toBeInTheDocument();
  expect(asked).toBe(1);
  await userEvent.click(screen.getByRole('button', { name: 'Retry deliver-release job job-1' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Job deliver-release queued to run again.');
  expect(await within(failed).findByRole('cell', { name: 'Retrying' })).toBeInTheDocument();
  expect(asked).toBe(2);
});

test('a status that cannot be loaded says why', async () => {
  server.use(api.query(SystemStatusQuery, () => HttpResponse.json({ data: null, errors: [{ message: 'Only staff see the system status', extensions: { code: 'FORBIDDEN' } }] })));
  renderRoute(<SystemPage />, { loader, path: '/support/system' });
  expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Only staff see the system status');
});
