import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { createApolloClient } from '../../lib/apollo';
import { ViewerProfileQuery } from '../../lib/account/account.graphql';
import type { AccountProfile } from '../../lib/account/useAccount';
import { actingAsText, ImpersonationBanner } from './ImpersonationBanner';
import { ActAsUserMutation, SearchUsersQuery } from './support.graphql';
import SupportPage from './SupportPage';

const server = useMswServer();

const withApollo = (node: React.ReactNode) => (
  <MemoryRouter>
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>{node}</ApolloProvider>
  </MemoryRouter>
);

const summary = { id: 'u1', email: 'artist@cadence.test', firstName: 'Ada', lastName: 'Artist', primaryArtists: ['Ada A'], role: 'USER' as const, status: 'ACTIVE' as const, isLocked: false };

test('acting as: the name shown is the artist name, else the legal name, else the email', () => {
  expect(actingAsText({ primaryArtists: ['Ada A'], firstName: 'Ada', lastName: 'Artist', email: 'a@x.com' })).toBe('You are acting as Ada A (a@x.com)');
  expect(actingAsText({ primaryArtists: [], firstName: 'Ada', lastName: 'Artist', email: 'a@x.com' })).toBe('You are acting as Ada Artist (a@x.com)');
  expect(actingAsText({ primaryArtists: [], firstName: null, lastName: null, email: 'a@x.com' })).toBe('You are acting as a@x.com (a@x.com)');
});

test('support finds a user and acts as them, then the app goes to /releases', async () => {
  let actedFor: unknown;
  server.use(
    api.query(SearchUsersQuery, () => HttpResponse.json({ data: { searchUsers: [summary] } })),
    api.mutation(ActAsUserMutation, ({ variables }) => {
      actedFor = variables.input.userId;
      return HttpResponse.json({ data: { actAsUser: { viewer: { id: 'u1' } } } });
    }),
  );
  const navigate = jest.fn();
  const user = userEvent.setup();
  render(withApollo(<SupportPage navigate={navigate} />));
  await user.type(screen.getByLabelText(/Find a user/), 'artist');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await user.click(await screen.findByRole('button', { name: 'Act as artist@cadence.test' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/releases'));
  expect(actedFor).toBe('u1');
});

test('a refused act-as is shown clearly', async () => {
  server.use(
    api.query(SearchUsersQuery, () => HttpResponse.json({ data: { searchUsers: [summary] } })),
    api.mutation(ActAsUserMutation, () => HttpResponse.json({ data: null, errors: [{ message: 'This account is blocked; unblock it first', extensions: { code: 'CONFLICT' } }] })),
  );
  const navigate = jest.fn();
  const user = userEvent.setup();
  render(withApollo(<SupportPage navigate={navigate} />));
  await user.type(screen.getByLabelText(/Find a user/), 'artist');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await user.click(await screen.findByRole('button', { name: 'Act as artist@cadence.test' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This account is blocked; unblock it first');
  expect(navigate).not.toHaveBeenCalled();
});

test('the banner shows while acting as a user, and not otherwise', async () => {
  const profile = (impersonatedBy: AccountProfile['impersonatedBy']): AccountProfile => {
    const withTypename = {
    __typename: 'Profile',
    id: 'u1',
    email: 'artist@cadence.test',
    emailVerified: true,
    notValidEmail: false,
    firstName: 'Ada',
    lastName: 'Artist',
    birthday: '1990-01-01',
    birthdayDisabled: false,
    country: 'US',
    state: 'NY',
    city: 'NYC',
    address1: '1 Main',
    address2: null,
    postalCode: '10001',
    primaryArtists: ['Ada A'],
    distributionAgreement: true,
    privacyPolicyAgreement: false,
    parentEmail: null,
    role: 'USER',
    status: 'ACTIVE',
    isLocked: false,
    isAnalyticsDisabled: false,
    taxVerificationStatus: 'NOT_REQUIRED',
    agreementAcceptedAt: null,
    activeSubscription: 'FREE',
    impersonatedBy,
    onboarding: { __typename: 'Onboarding', name: true, contacts: true, distribution: true, firstIncompleteStep: null },
    needsCaptcha: false,
    viewerCan: { __typename: 'ProfileAbilities', changeEmail: false, changePassword: false, deleteAccount: false, withdraw: false },
    } as const;
    return withTypename as unknown as AccountProfile;
  };
  server.use(
    api.query(ViewerProfileQuery, () =>
      HttpResponse.json({ data: { viewer: profile({ __typename: 'Impersonator', id: 's1', name: 'Sam Support', email: 'support@cadence.test' } as AccountProfile['impersonatedBy']) } }),
    ),
  );
  const view = render(withApollo(<ImpersonationBanner />));
  const banner = await screen.findByRole('region', { name: 'Acting as a user' });
  expect(banner).toHaveTextContent('You are acting as Ada A (artist@cadence.test)');
  expect(banner).toHaveTextContent('Sam Support');
  expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  view.unmount();

  server.use(api.query(ViewerProfileQuery, () => HttpResponse.json({ data: { viewer: profile(null) } })));
  render(withApollo(<ImpersonationBanner />));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Acting as a user' })).not.toBeInTheDocument());
});

test('the support page has a Sign Out and links each user to their account page', async () => {
  server.use(api.query(SearchUsersQuery, () => HttpResponse.json({ data: { searchUsers: [summary] } })));
  const user = userEvent.setup();
  render(withApollo(<SupportPage navigate={jest.fn()} />));
  expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  expect(within(screen.getByRole('navigation', { name: 'Support area' })).getByRole('link', { name: 'Review queue' })).toHaveAttribute('href', '/support/review');
  await user.type(screen.getByLabelText(/Find a user/), 'nova lane');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByRole('link', { name: 'Open the account of artist@cadence.test' })).toHaveAttribute('href', '/support/users/u1');
  expect(screen.getByRole('region', { name: /Users found/ })).toHaveAttribute('tabindex', '0');
});
