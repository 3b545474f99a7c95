import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api } from '../../../../test/graphql';
import { useMswServer } from '../../../../test/msw';
import { renderRoute } from '../../../../test/render-route';
import { BlockUserMutation, StaffAccountQuery, UnblockUserMutation, UserAuditLogQuery } from '../console.graphql';
import type { AccountStatus, StaffAccountQuery as StaffAccountData, UserAuditLogQuery as UserAuditLogData } from '../../../gql/graphql';
import { ChangeUserRoleMutation } from '../admin/admin.graphql';
import AccountPage, { loader } from './AccountPage';

const server = useMswServer();

const account = (status: AccountStatus, statusReason: string | null = null) => ({
  // __typename lets Apollo match the AccountStatusForm_account fragment
  __typename: 'StaffAccount' as const,
  id: 'u1',
  email: 'nova@cadence.test',
  firstName: 'Nova',
  lastName: 'Lane',
  primaryArtists: ['Nova Lane'],
  role: 'USER' as const,
  status,
  statusReason,
  statusChangedAt: null,
  isLocked: false,
  emailVerified: true,
  country: 'US',
  city: 'Los Angeles',
  createdAt: '2024-01-01T00:00:00.000Z',
  lastSignInAt: null,
  plan: 'VIP',
  balance: '$1,234.56',
});

function page(status: AccountStatus, liftSuperBlock = false, reason: string | null = null, admin = false): StaffAccountData {
  return {
    consoleAbilities: { manageAccounts: true, liftSuperBlock, manageStaff: admin, manageStoreEndpoints: admin },
    staffAccount: { account: account(status, reason), releases: [{ id: 'r1', title: 'Midnight Signals', status: 'LIVE' as const, releaseDate: '2024-03-15' }] },
  };
}

const audit = api.query(UserAuditLogQuery, () =>
  HttpResponse.json({
    data: {
      userAuditLog: {
        
        hasMore: false,
        endCursor: 'e1',
        // __typename lets Apollo match the AuditLogTable_event fragment
        events: [{ __typename: 'AuditEvent', id: 'e1', createdAt: '2031-01-01T10:00:00.000Z', category: 'ACCOUNT', subcategory: 'UNBLOCK_ACCOUNT', entityType: 'User', entityId: 'u1', oldValues: '{"status":"BLOCKED"}', newValues: '{"status":"ACTIVE"}', actor: { id: 's1', email: 'support@cadence.test', name: 'Sam Support' }, impersonator: null } as unknown as UserAuditLogData['userAuditLog']['events'][number]],
      },
    },
  }),
);

function renderPage() {
  return renderRoute(<AccountPage />, { loader, path: '/support/users/:id', at: '/support/users/u1' });
}

test('the account page shows profile, plan, the ledger balance, releases and audit history', async () => {
  server.use(audit, api.query(StaffAccountQuery, () => HttpResponse.json({ data: page('ACTIVE') })));
  renderPage();
  expect(await screen.findByRole('heading', { level: 1, name: 'Account: Nova Lane' })).toBeInTheDocument();
  expect(screen.getByText('VIP')).toBeInTheDocument();
  expect(screen.getByText('Balance').nextElementSibling).toHaveTextContent('$1,234.56');
  expect(screen.getByRole('link', { name: 'Midnight Signals' })).toHaveAttribute('href', '/support/review/r1');
  const history = await screen.findByRole('region', { name: 'Audit history' });
  expect(within(history).getByText('Sam Support')).toBeInTheDocument();
  expect(within(history).getByText('UNBLOCK_ACCOUNT (User)')).toBeInTheDocument();
});

test('blocking needs a reason, and super-blocks when asked', async () => {
  let sent: unknown;
  let current = page('ACTIVE');
  server.use(
    audit,
    api.query(StaffAccountQuery, () => HttpResponse.json({ data: current })),
    api.mutation(BlockUserMutation, ({ variables }) => {
      sent = variables.input;
      current = page('SUPER_BLOCKED', false, 'Fraud');
      return HttpResponse.json({ data: { blockUser: { user: { id: 'u1', status: 'SUPER_BLOCKED' } } } });
    }),
  );
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Block' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Give a reason');
  await user.type(screen.getByLabelText('Reason (required)'), 'Fraud');
  await user.click(screen.getByLabelText('Super block'));
  await user.click(screen.getByRole('button', { name: 'Super block' }));
  expect(await screen.findByText('The account is super-blocked.')).toBeInTheDocument();
  expect(sent).toEqual({ userId: 'u1', reason: 'Fraud', superBlock: true });
  // support cannot lift a super block: the form says so and the button is disabled
  expect(await screen.findByText('Only an admin can lift a super block.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Unblock' })).toBeDisabled();
});

test('unblocking a blocked account', async () => {
  let sent: unknown;
  server.use(
    audit,
    api.query(StaffAccountQuery, () => HttpResponse.json({ data: page('BLOCKED', false, 'Spam') })),
    api.mutation(UnblockUserMutation, ({ variables }) => {
      sent = variables.input;
      return HttpResponse.json({ data: { unblockUser: { user: { id: 'u1', status: 'ACTIVE' } } } });
    }),
  );
  const user = userEvent.setup();
  renderPage();
  expect(await screen.findByText(/Blocked – Spam/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Unblock' }));
  expect(await screen.findByText('The account is active again.')).toBeInTheDocument();
  expect(sent).toEqual({ userId: 'u1', reason: null });
});

test('support does not see the role form or the admin link', async () => {
  server.use(audit, api.query(StaffAccountQuery, () => HttpResponse.json({ data: page('ACTIVE') })));
  renderPage();
  expect(await screen.findByRole('heading', { level: 1, name: 'Account: Nova Lane' })).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Role' })).toBeNull();
  expect(screen.queryByLabelText('Role of this person')).toBeNull();
  expect(screen.queryByRole('link', { name: 'Store endpoints' })).toBeNull();
});

test('an admin changes the role (button from the keyboard); the same role and a refusal are announced', async () => {
  let sent: unknown;
  let calls = 0;
  server.use(
    audit,
    api.query(StaffAccountQuery, () => HttpResponse.json({ data: page('ACTIVE', true, null, true) })),
    api.mutation(ChangeUserRoleMutation, ({ variables }) => {
      calls += 1;
      if (calls === 1) return HttpResponse.json({ errors: [{ message: 'You cannot change your own role', extensions: { code: 'FORBIDDEN' } }] });
      sent = variables.input;
      return HttpResponse.json({ data: { changeUserRole: { user: { id: 'u1', role: 'SUPPORT' } } } });
    }),
  );
  const user = userEvent.setup();
  renderPage();
  expect(await screen.findByRole('link', { name: 'Store endpoints' })).toHaveAttribute('href', '/support/store-endpoints');
  const form = screen.getByRole('form', { name: 'Role' });
  await user.click(within(form).getByRole('button', { name: 'Change role' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Choose a different role.');
  const select = within(form).getByLabelText('Role of this person');
  await user.selectOptions(select, 'SUPPORT');
  expect(select).toHaveValue('SUPPORT');
  // the button is reached and pressed from the keyboard
  await user.tab();
  expect(within(form).getByRole('button', { name: 'Change role' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(await within(form).findByRole('alert')).toHaveTextContent('You cannot change your own role');
  await user.click(within(form).getByRole('button', { name: 'Change role' }));
  expect(await screen.findByText('The role is now Support.')).toBeInTheDocument();
  expect(sent).toEqual({ userId: 'u1', role: 'SUPPORT' });
});
