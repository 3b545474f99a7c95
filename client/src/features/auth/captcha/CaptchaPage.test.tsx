import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { STORAGE_KEYS } from '@cadence/domain/constants';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { api, GRAPHQL_URL } from '../../../../test/graphql';
import { useMswServer } from '../../../../test/msw';
import { createApolloClient } from '../../../lib/apollo';
import { altchaWidgets, widgetState } from '../../../../test/altcha';
import { SignInMutation } from '../auth.graphql';
import { RequestUnlockLinkMutation, SolveCaptchaMutation, UnlockAccountMutation } from '../../../lib/captcha/captcha.graphql';
import CaptchaPage from './CaptchaPage';

const server = useMswServer();
let signedIn: boolean;

beforeEach(() => {
  signedIn = false;
  window.localStorage.clear();
  server.use(
    api.query('ShellViewer', () =>
      HttpResponse.json({ data: { viewer: signedIn ? { __typename: 'Profile', id: 'u1', primaryArtists: [], isAnalyticsDisabled: false, emailVerified: true, notValidEmail: false } : null } }),
    ),
  );
});

function renderPage(navigate: (to: string) => void, url = '/captcha') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
        <CaptchaPage navigate={navigate} />
      </ApolloProvider>
    </MemoryRouter>,
  );
}

/** This browser remembers a lock (wanted URL, username); `sent` collects what the page asked. */
function rememberLock(wantedUrl: string) {
  window.localStorage.setItem(STORAGE_KEYS.lockRedirectUrl, wantedUrl);
  window.localStorage.setItem(STORAGE_KEYS.usernameFormData, 'locked@cadence-mail.com');
}

const badInput = (message: string, key: string, fieldErrors: { field: string; key: string; message: string }[] = []) => ({
  data: null,
  errors: [{ message, extensions: { code: 'BAD_USER_INPUT', key, fieldErrors } }],
});

test('signed out: the password and the solved check sign in and return to the wanted URL', async () => {
  rememberLock('/sales');
  const sent: unknown[] = [];
  server.use(
    api.mutation(SignInMutation, ({ variables }) => {
      sent.push(variables.input);
      return HttpResponse.json({ data: { signIn: { viewer: { id: 'u1', role: 'USER', onboarding: { firstIncompleteStep: null } } } } });
    }),
  );
  const navigate = jest.fn();
  const user = userEvent.setup();
  renderPage(navigate);
  const form = await screen.findByRole('form', { name: 'Security check' });
  expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveValue('locked@cadence-mail.com');
  expect(within(form).getByRole('group', { name: 'Security check' })).toBeInTheDocument();
  expect(altchaWidgets()[0]).toHaveAttribute('challenge', '/api/captcha/challenge?type=unlock');

  // nothing is sent before the check is done and the password typed; both are announced
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
  expect(await within(form).findByText("Please confirm you're not a robot.")).toHaveAttribute('role', 'alert');
  expect(within(form).getByText('Password is required')).toHaveAttribute('role', 'alert');
  expect(sent).toHaveLength(0);

  await user.type(within(form).getByLabelText('Password'), 'Secret123');
  await widgetState('verified', 'PAYLOAD-1');
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sales'));
  expect(sent).toEqual([{ username: 'locked@cadence-mail.com', password: 'Secret123', captchaCode: 'PAYLOAD-1' }]);
  expect(window.localStorage.getItem(STORAGE_KEYS.lockRedirectUrl)).toBeNull();
});

test('signed out: a wrong password is announced without saying more, and the check starts over', async () => {
  rememberLock('/sales');
  server.use(api.mutation(SignInMutation, () => HttpResponse.json({ data: null, errors: [{ message: 'The email or password is incorrect.', extensions: { code: 'UNAUTHENTICATED' } }] })));
  const navigate = jest.fn();
  const user = userEvent.setup();
  renderPage(navigate);
  const form = await screen.findByRole('form', { name: 'Security check' });
  await user.type(within(form).getByLabelText('Password'), 'Wrong1abc');
  const first = altchaWidgets()[0];
  await widgetState('verified', 'PAYLOAD-1');
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
  expect(await within(form).findByText('Wrong email or password. Please try again.')).toHaveAttribute('role', 'alert');
  await waitFor(() => expect(altchaWidgets()[0]).not.toBe(first));
  expect(navigate).not.toHaveBeenCalled();
});

test('signed in (locked while a session was open): the solved check alone unlocks, over solveCaptcha', async () => {
  signedIn = true;
  rememberLock('/trends');
  const sent: unknown[] = [];
  server.use(
    api.mutation(SolveCaptchaMutation, ({ variables }) => {
      sent.push(variables.input);
      return HttpResponse.json({ data: { solveCaptcha: { solved: true, unlocked: true } } });
    }),
  );
  const navigate = jest.fn();
  const user = userEvent.setup();
  renderPage(navigate);
  const form = await screen.findByRole('form', { name: 'Security check' });
  expect(within(form).queryByLabelText('Password')).toBeNull();
  await widgetState('verified', 'PAYLOAD-2');
  await user.click(within(form).getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/trends'));
  expect(sent).toEqual([{ code: 'PAYLOAD-2', type: 'UNLOCK' }]);
});

test('signed in: a refused solution is announced and the check starts over', async () => {
  signedIn = true;
  server.use(api.mutation(SolveCaptchaMutation, () => HttpResponse.json(badInput('This verification has expired or was already used. Please verify again.', 'captcha-expired'))));
  const navigate = jest.fn();
  const user = userEvent.setup();
  renderPage(navigate);
  const form = await screen.findByRole('form', { name: 'Security check' });
  const first = altchaWidgets()[0];
  await widgetState('verified', 'PAYLOAD-3');
  await user.click(within(form).getByRole('button', { name: 'Continue' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('This verification has expired or was already used. Please verify again.');
  await waitFor(() => expect(altchaWidgets()[0]).not.toBe(first));
  expect(navigate).not.toHaveBeenCalled();
});

test('"Email me an unlock link" asks for the remembered account and says so without telling whether it exists', async () => {
  window.localStorage.setItem(STORAGE_KEYS.usernameFormData, 'locked@cadence-mail.com');
  const requests: unknown[] = [];
  server.use(
    api.mutation(RequestUnlockLinkMutation, ({ variables }) => {
      requests.push(variables.input);
      return requests.length < 2
        ? HttpResponse.json({ data: { requestUnlockLink: { requested: true } } })
        : HttpResponse.json({ data: null, errors: [{ message: 'Too many attempts. Please wait a few minutes and try again.', extensions: { code: 'RATE_LIMITED' } }] });
    }),
  );
  const user = userEvent.setup();
  renderPage(jest.fn());
  const form = await screen.findByRole('form', { name: 'Unlock by email' });
  const status = within(form).getByRole('status');
  expect(status).toHaveTextContent('');
  await user.click(screen.getByRole('button', { name: 'Email me an unlock link' }));
  await waitFor(() => expect(status).toHaveTextContent('If this account is locked, we have sent an unlock link to its email address. The link works once, within one hour.'));
  expect(requests).toEqual([{ username: 'locked@cadence-mail.com' }]);
  expect(form).not.toContainElement(screen.queryByRole('textbox'));

  await user.click(screen.getByRole('button', { name: 'Send the link again' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
  expect(status).toHaveTextContent('');
});

test('when the server knows no account to mail, the form asks for the address, checks it, then sends', async () => {
  const requests: unknown[] = [];
  server.use(
    api.mutation(RequestUnlockLinkMutation, ({ variables }) => {
      requests.push(variables.input);
      if (!variables.input.username) return HttpResponse.json(badInput('username is required', 'required', [{ field: 'username', key: 'required', message: 'username is required' }]));
      return HttpResponse.json({ data: { requestUnlockLink: { requested: true } } });
    }),
  );
  const user = userEvent.setup();
  renderPage(jest.fn());
  await user.click(await screen.findByRole('button', { name: 'Email me an unlock link' }));
  const email = await screen.findByRole('textbox', { name: 'Email of your account' });
  expect(email).toHaveFocus();
  expect(screen.queryByRole('alert')).toBeNull();
  await user.type(email, 'not-an-email{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent(/email/i);
  expect(requests).toHaveLength(1);
  await user.clear(email);
  await user.type(email, 'me@cadence-mail.com{Enter}');
  const form = screen.getByRole('form', { name: 'Unlock by email' });
  await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent(/we have sent an unlock link/));
  expect(requests).toEqual([{ username: null }, { username: 'me@cadence-mail.com' }]);
});

test('the mailed link (/captcha?unlock=…) unlocks once and then offers to continue to the wanted URL', async () => {
  window.localStorage.setItem(STORAGE_KEYS.lockRedirectUrl, '/sales');
  const tokens: unknown[] = [];
  server.use(
    api.mutation(UnlockAccountMutation, ({ variables }) => {
      tokens.push(variables.input.token);
      return HttpResponse.json({ data: { unlockAccount: { unlocked: true } } });
    }),
  );
  const navigate = jest.fn();
  const user = userEvent.setup();
  renderPage(navigate, '/captcha?unlock=tok-123456789');
  expect(await screen.findByRole('status')).toHaveTextContent('Your account is unlocked.');
  expect(tokens).toEqual(['tok-123456789']);
  expect(altchaWidgets()).toHaveLength(0);
  expect(screen.queryByRole('form', { name: 'Unlock by email' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(navigate).toHaveBeenCalledWith('/sales');
  expect(window.localStorage.getItem(STORAGE_KEYS.lockRedirectUrl)).toBeNull();
});

test('a used or expired link is announced and the other ways stay available', async () => {
  server.use(api.mutation(UnlockAccountMutation, () => HttpResponse.json(badInput('This link has expired or was already used.', 'token-invalid'))));
  renderPage(jest.fn(), '/captcha?unlock=old-token-123');
  expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used. You can still unlock your account below.');
  expect(await screen.findByRole('group', { name: 'Security check' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Email me an unlock link' })).toBeInTheDocument();
});
