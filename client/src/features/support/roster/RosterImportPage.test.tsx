import { File as NodeFile } from 'node:buffer';
import { ApolloProvider } from '@apollo/client/react';
import { jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { api, GRAPHQL_URL } from '../../../../test/graphql';
import { useMswServer } from '../../../../test/msw';
import { createApolloClient } from '../../../lib/apollo';
import RosterImportPage, { ImportLabelRosterMutation, rosterRows } from './RosterImportPage';

const server = useMswServer();
jest.setTimeout(30_000);

/** Node's File (it has text(), as a browser's does). */
const csv = (body: string) => new NodeFile([body], 'roster.csv', { type: 'text/csv' }) as unknown as File;

const ROSTER = 'email,first_name,last_name,artist_names\nada@label.test,Ada,Lane,Ada Lane;The Lanes\nbad-email,Bo,,Bo\nnova@cadence.test,Nova,Lane,Nova Lane\n';

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/support/roster']}>
      <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
        <RosterImportPage />
      </ApolloProvider>
    </MemoryRouter>,
  );
}

test('rosterRows puts invited people and refused rows in the order of the file', () => {
  expect(
    rosterRows({
      invited: [{ line: 2, email: 'a@x.test' }],
      errors: [
        { line: 4, email: null, message: 'Enter an email' },
        { line: 3, email: 'b@x.test', message: 'This email already has an account' },
      ],
    }).map((r) => [r.line, r.invited]),
  ).toEqual([
    [2, true],
    [3, false],
    [4, false],
  ]);
});

test('staff upload a roster and see each row by its line: invited or why not', async () => {
  let sent: unknown;
  server.use(
    api.mutation(ImportLabelRosterMutation, ({ variables }) => {
      sent = variables.input;
      return HttpResponse.json({
        data: {
          importLabelRoster: {
            invited: [{ line: 2, email: 'ada@label.test', userId: 'u2' }],
            errors: [
              { line: 4, email: 'nova@cadence.test', message: 'This email already has an account' },
              { line: 3, email: 'bad-email', message: 'Enter a valid email address' },
            ],
          },
        },
      });
    }),
  );
  const user = userEvent.setup();
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: "Import a label's roster" })).toBeInTheDocument();
  expect(within(screen.getByRole('navigation', { name: 'Support area' })).getByRole('link', { name: 'Roster import' })).toHaveAttribute('href', '/support/roster');
  await user.upload(screen.getByLabelText('Roster (CSV)'), csv(ROSTER));
  await user.click(screen.getByRole('button', { name: 'Import roster' }));
  expect(await screen.findByRole('status')).toHaveTextContent('1 person invited, 2 rows refused.');
  expect(sent).toEqual({ csv: ROSTER });
  const table = screen.getByRole('region', { name: 'Roster result (table)' });
  expect(
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent)),
  ).toEqual([
    ['2', 'ada@label.test', 'Invited: a set-password email is on its way'],
    ['3', 'bad-email', 'Enter a valid email address'],
    ['4', 'nova@cadence.test', 'This email already has an account'],
  ]);
});

test('without a file the field says so and keeps the focus; a refused file (wrong columns) is announced', async () => {
  let calls = 0;
  server.use(
    api.mutation(ImportLabelRosterMutation, () => {
      calls += 1;
      return HttpResponse.json({ data: null, errors: [{ message: 'Wrong roster columns: the header must be email,first_name,last_name,artist_names', extensions: { code: 'BAD_USER_INPUT' } }] });
    }),
  );
  const user = userEvent.setup();
  renderPage();
  const input = screen.getByLabelText('Roster (CSV)');
  const button = screen.getByRole('button', { name: 'Import roster' });
  button.focus();
  await user.keyboard('{Enter}');
  expect(input).toHaveAccessibleDescription('Choose the roster (a CSV file)');
  expect(input).toHaveFocus();
  expect(calls).toBe(0);
  await user.upload(input, csv('email,name\nx@y.test,X\n'));
  await user.click(button);
  expect(await screen.findByRole('alert')).toHaveTextContent('Wrong roster columns: the header must be email,first_name,last_name,artist_names');
  expect(input).not.toHaveAttribute('aria-invalid');
  expect(screen.queryByRole('region', { name: 'Roster result (table)' })).toBeNull();
});
