import { createApolloClient } from '../apollo';
import { GRAPHQL_URL } from '../../../test/graphql';
import { GuardViewerDocument, PayPalAccountDocument, PlanSettingsDocument } from '../../gql/graphql';
import { AccountProfileFragment } from './account.graphql';

const profile = {
  __typename: 'Profile',
  id: 'u1',
  email: 'nova@cadence.test',
  emailVerified: true,
  notValidEmail: false,
  firstName: 'Nova',
  lastName: 'Lane',
  birthday: '1990-01-15',
  birthdayDisabled: true,
  country: 'US',
  state: 'CA',
  city: 'Los Angeles',
  address1: '1 Main St',
  address2: null,
  postalCode: '90001',
  primaryArtists: ['Nova Lane'],
  distributionAgreement: true,
  privacyPolicyAgreement: true,
  parentEmail: null,
  role: 'USER',
  status: 'ACTIVE',
  isLocked: false,
  isAnalyticsDisabled: false,
  taxVerificationStatus: 'NOT_REQUIRED',
  agreementAcceptedAt: null,
  activeSubscription: null,
  impersonatedBy: { __typename: 'Impersonator', id: 's1', name: 'Sam Support', email: 'support@cadence.test' },
  onboarding: { __typename: 'Onboarding', name: true, contacts: true, distribution: false, firstIncompleteStep: '/on-boarding?step=3' },
  needsCaptcha: false,
  viewerCan: { __typename: 'ProfileAbilities', changeEmail: true, changePassword: true, deleteAccount: true, withdraw: true },
} as const;

test('the profile fragment stays whole when other queries on the page answer with a part of its abilities, on-boarding state or acting agent', () => {
  const client = createApolloClient({ uri: GRAPHQL_URL });
  client.writeFragment({ fragment: AccountProfileFragment, data: profile as never });
  const read = () => client.readFragment({ fragment: AccountProfileFragment, id: 'Profile:u1' });
  expect(read()).toMatchObject({ email: 'nova@cadence.test' });

  // The settings page's PayPal form, the route guards and the plan panel each ask for a few fields of the same objects.
  client.writeQuery({
    query: PayPalAccountDocument,
    data: { viewer: { __typename: 'Profile', id: 'u1', viewerCan: { __typename: 'ProfileAbilities', withdraw: false }, payPalAccount: null } } as never,
  });
  client.writeQuery({
    query: GuardViewerDocument,
    data: { viewer: { __typename: 'Profile', id: 'u1', role: 'USER', status: 'ACTIVE', isLocked: false, isAnalyticsDisabled: false, onboarding: { __typename: 'Onboarding', name: true, contacts: true, distribution: true } } } as never,
  });
  client.writeQuery({
    query: PlanSettingsDocument,
    data: { viewer: { __typename: 'Profile', id: 'u1', impersonatedBy: { __typename: 'Impersonator', id: 's1', email: 'support@cadence.test' }, subscription: null, payments: [] } } as never,
  });

  expect(read()).toMatchObject({
    viewerCan: { changeEmail: true, changePassword: true, deleteAccount: true, withdraw: false },
    onboarding: { name: true, contacts: true, distribution: true, firstIncompleteStep: '/on-boarding?step=3' },
    impersonatedBy: { id: 's1', name: 'Sam Support', email: 'support@cadence.test' },
  });
});
