import { STORAGE_KEYS } from '@cadence/domain/constants';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { api } from '../../../../test/graphql';
import { renderRoute } from '../../../../test/render-route';
import { useMswServer } from '../../../../test/msw';
import { UpdateProfileMutation, ViewerProfileQuery } from '../../../lib/account/account.graphql';
import { altchaWidgets, widgetState } from '../../../../test/altcha';
import type { AccountProfile } from '../../../lib/account/useAccount';
import { CountrySelectQuery } from '../../../lib/dictionaries/CountrySelect';
import OnBoardingPage, { loader } from './OnBoardingPage';

const server = useMswServer();

function profile(overrides: Partial<AccountProfile>): AccountProfile {
  const base = {
    __typename: 'Profile',
    id: 'u1',
    email: 'me@cadence-mail.com',
    emailVerified: false,
    notValidEmail: false,
    firstName: 'Robin',
    lastName: 'Lane',
    birthday: '1990-01-15',
    birthdayDisabled: false,
    country: null,
    state: null,
    city: null,
    address1: null,
    address2: null,
    postalCode: null,
    primaryArtists: ['Robin Lane'],
    distributionAgreement: false,
    privacyPolicyAgreement: false,
    parentEmail: null,
    role: 'USER',
    status: 'ACTIVE',
    isLocked: false,
    isAnalyticsDisabled: false,
    taxVerificationStatus: 'NOT_REQUIRED',
    agreementAcceptedAt: null,
    activeSubscription: 'FREE',
    impersonatedBy: null,
    onboarding: { __typename: 'Onboarding', name: true, contacts: false, distribution: false, firstIncompleteStep: 2 },
    needsCaptcha: false,
    viewerCan: { __typename: 'ProfileAbilities', changeEmail: true, changePassword: true, deleteAccount: true, withdraw: true },
  };
  return { ...(base as unknown as AccountProfile), ...overrides };
}

let profileReads = 0;

/** The page as the app shows it: its loader fills the cache with the profile first. */
function renderAt(url: string, viewer: AccountProfile) {
  profileReads = 0;
  server.use(
    api.query(ViewerProfileQuery, () => {
      profileReads += 1;
      return HttpResponse.json({ data: { viewer } });
    }),
    api.query(CountrySelectQuery, () => HttpResponse.json({ data: { countries: [] } })),
  );
  return renderRoute(<OnBoardingPage />, { path: '/on-boarding', at: url, loader });
}

test('the loader reads the profile once: the page answers from the cache it filled', async () => {
  renderAt('/on-boarding', profile({}));
  expect(await screen.findByRole('heading', { name: 'Step 1 of 3: Name' })).toBeInTheDocument();
  expect(profileReads).toBe(1);
});

test('?step=2 shows the contact step with the address and contacts forms; Next waits for a complete step', async () => {
  renderAt('/on-boarding?step=2', profile({}));
  expect(await screen.findByRole('heading', { name: 'Step 2 of 3: Contact' })).toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'Address' })).toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'Contacts' })).toBeInTheDocument();
  expect(screen.queryByLabelText('Parent/Guardian Email')).not.toBeInTheDocument();
  // Next is never disabled (a click right after typing must count); it says what the step still needs.
  expect(screen.getByRole('button', { name: 'Next' })).toHaveAccessibleDescription(/Fill in every required field/);
  expect(screen.getByText('Contact', { selector: 'li' })).toHaveAttribute('aria-current', 'step');
});

test('without ?step the Name step shows the artist profile form', async () => {
  renderAt('/on-boarding', profile({}));
  expect(await screen.findByRole('heading', { name: 'Step 1 of 3: Name' })).toBeInTheDocument();
  expect(screen.getByLabelText('Artist Name')).toHaveValue('Robin Lane');
  expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
});

test('without an owed captcha the Name step shows no check', async () => {
  renderAt('/on-boarding', profile({}));
  await screen.findByLabelText('Artist Name');
  expect(screen.queryByRole('group', { name: 'Security check' })).not.toBeInTheDocument();
  expect(altchaWidgets()).toHaveLength(0);
});

/**
 * An account owing the sign-up captcha, whose profile saves the server accepts only with `rightCode`
 * (refusing others with `refusal`); `sent` collects the saved inputs.
 */
function owingCaptcha(rightCode: string, refusal: string) {
  const stepOneOpen = { __typename: 'Onboarding', name: false, contacts: false, distribution: false, firstIncompleteStep: 1 };
  const owing = profile({ needsCaptcha: true, onboarding: stepOneOpen });
  const sent: unknown[] = [];
  server.use(
    api.mutation(UpdateProfileMutation, ({ variables }) => {
      sent.push(variables.input);
      const right = variables.input.captchaCode === rightCode;
      const viewer = right ? { ...owing, needsCaptcha: false, onboarding: { ...owing.onboarding, name: true } } : owing;
      const fieldErrors = right ? [] : [{ __typename: 'ProfileFieldError', field: 'captchaCode', key: 'captcha-mismatch', message: refusal }];
      const updateProfile = { __typename: 'UpdateProfilePayload', viewer, fieldErrors };
      return HttpResponse.json({ data: { updateProfile } });
    }),
  );
  return { owing, sent };
}

test('an account that owes the sign-up captcha does the check in the Name step: a refusal is announced and the check starts over, a solved one opens Next', async () => {
  const { owing, sent } = owingCaptcha('PAYLOAD-2', 'The verification failed. Please verify again.');
  renderAt('/on-boarding', owing);
  await screen.findByRole('group', { name: 'Security check' });
  expect(altchaWidgets()[0]).toHaveAttribute('challenge', '/api/captcha/challenge?type=signup');
  expect(screen.getByRole('button', { name: 'Next' })).toHaveAccessibleDescription(/Fill in every required field/);

  const first = altchaWidgets()[0];
  await widgetState('verified', 'PAYLOAD-1');
  expect(await screen.findByRole('alert')).toHaveTextContent('The verification failed. Please verify again.');
  expect(sent).toEqual([{ captchaCode: 'PAYLOAD-1' }]);
  await waitFor(() => expect(altchaWidgets()[0]).not.toBe(first));
  expect(window.localStorage.getItem(STORAGE_KEYS.captchaCode)).toBe('PAYLOAD-1');

  await widgetState('verified', 'PAYLOAD-2');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).not.toHaveAccessibleDescription(/Fill in every required field/));
  expect(sent[sent.length - 1]).toEqual({ captchaCode: 'PAYLOAD-2' });
  expect(screen.queryByRole('group', { name: 'Security check' })).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a 16-year-old is asked for a parent email in the contact step', async () => {
  const year = new Date().getUTCFullYear() - 16;
  renderAt('/on-boarding?step=2', profile({ birthday: `${year}-01-01` }));
  expect(await screen.findByLabelText('Parent/Guardian Email')).toBeInTheDocument();
});

test('step 4 becomes step 3 for a minor, with the parent email and the privacy policy', async () => {
  const year = new Date().getUTCFullYear() - 16;
  renderAt('/on-boarding?step=4', profile({ birthday: `${year}-01-01` }));
  expect(await screen.findByRole('heading', { name: 'Step 3 of 3: Distribution' })).toBeInTheDocument();
  expect(screen.getByLabelText(/privacy policy/)).toBeInTheDocument();
  expect(screen.getByLabelText('Parent/Guardian Email')).toBeInTheDocument();
});

test('an adult accepts only the distribution agreement', async () => {
  renderAt('/on-boarding?step=3', profile({}));
  expect(await screen.findByLabelText(/distribution agreement/)).toBeInTheDocument();
  expect(screen.queryByLabelText(/privacy policy/)).not.toBeInTheDocument();
});
