import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { renderRoute } from '../../../test/render-route';
import type { PlansPageQuery as PlansPageData } from '../../gql/graphql';
import { PlansPageQuery } from '../../lib/payments/payments.graphql';
import { SingleSignUpMutation } from './single-signup.graphql';
import SingleSignupPage, { loader } from './SingleSignupPage';

const server = useMswServer();

const plans: PlansPageData['plans'] = [
  {
    name: 'COMMERCIAL_BETA',
    displayName: 'Commercial',
    description: 'Release as much as you like.',
    price: '19.99',
    currency: 'USD',
    billingPeriod: 'ANNUAL',
    primaryArtistLimit: 1,
    trackLimit: 999_999,
    distributionFeeBps: 0,
    purchasable: true,
  },
];

test('the loader preloads the plans; after step 1 the page asks again with the new session and shows step 2', async () => {
  let signedUp = false;
  let asked = 0;
  server.use(
    api.query(PlansPageQuery, () => {
      asked += 1;
      return HttpResponse.json({ data: { plans, viewer: signedUp ? { __typename: 'User', id: 'u9', impersonatedBy: null, subscription: null } : null } } as never);
    }),
    api.mutation(SingleSignUpMutation, () => {
      signedUp = true;
      return HttpResponse.json({ data: { signUp: { viewer: { id: 'u9' } } } });
    }),
  );
  renderRoute(<SingleSignupPage />, { loader, path: '/single-signup' });
  const form = await screen.findByRole('form', { name: 'Step 1 of 2: your account' });
  expect(asked).toBe(1);
  await userEvent.type(within(form).getByLabelText('Email'), 'new@cadence.test');
  await userEvent.type(within(form).getByLabelText('Password'), 'Secret123');
  await userEvent.click(within(form).getByRole('checkbox'));
  await userEvent.click(within(form).getByRole('button', { name: 'Create account' }));
  expect(await screen.findByRole('heading', { name: 'Step 2 of 2: your plan' })).toBeInTheDocument();
  expect(asked).toBe(2);
});
