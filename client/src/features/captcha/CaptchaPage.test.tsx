import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { STORAGE_KEYS } from '@cadence/domain/constants';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { createApolloClient } from '../../lib/apollo';
import { CreateCaptchaChallengeMutation, CreateCaptchaQuestionMutation, RequestUnlockLinkMutation, SolveCaptchaMutation, UnlockAccountMutation } from '../../lib/captcha/captcha.graphql';
import CaptchaPage from './CaptchaPage';

const server = useMswServer();
let issued = 0;
let asked = 0;
const QUESTIONS = ['What is seven plus four?', 'What is twelve minus three?'];

beforeEach(() => {
  issued = 0;
  asked = 0;
  window.localStorage.clear();
  server.use(
    api.mutation(CreateCaptchaChallengeMutation, () => {
      issued += 1;
      const captchaChallenge = { __typename: 'CaptchaChallenge', id: `c${issued}`, svg: `<svg><text>P${issued}</text></svg>`, expiresAt: '2030-01-01T00:00:00.000Z' };
      return HttpResponse.json({ data: { createCaptchaChallenge: captchaChallenge } });
    }),
    api.mutation(CreateCaptchaQuestionMutation, () => {
      asked += 1;
      const createCaptchaQuestion = { __typename: 'CaptchaQuestion', id: `q${asked}`, question: QUESTIONS[(asked - 1) % 2]!, expiresAt: '2030-01-01T00:00:00.000Z' };
      return HttpResponse.json({ data: { createCaptchaQuestion } });
    }),
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

/** This browser remembers a lock (wanted URL, username) and the server accepts any answer; `sent` is what the page asked. */
function lockedAndSolving(wantedUrl: string): { sent?: Record<string, unknown> } {
  window.localStorage.setItem(STORAGE_KEYS.lockRedirectUrl, wantedUrl);
  window.localStorage.setItem(STORAGE_KEYS.usernameFormData, 'locked@cadence-mail.com');
  const seen: { sent?: Record<string, unknown> } = {};
  server.use(
    api.mutation(SolveCaptchaMutation, ({ variables }) => {
      seen.sent = variables;
      return HttpResponse.json({ data: { solveCaptcha: { solved: true, unlocked: false } } });
    }),
  );
  return seen;
}

const badInput = (message: string, key: string, fieldErrors: { field: string; key: string; message: string }[] = []) => ({
  data: null,
  errors: [{ message, extensions: { code: 'BAD_USER_INPUT', key, fieldErrors } }],
});

test('a solved captcha unlocks the remembered account and returns to the wanted URL', async () => {
  const solve = lockedAndSolving('/sales');
  const navigate = jest.fn();
  const user = userEvent.setup();
  renderPage(navigate);
  const image = await screen.findByRole('img', { name: /Characters to type/ });
  expect(image.getAttribute('src')).toContain(encodeURIComponent('<text>P1</text>'));
  await user.type(screen.getByLabelText('Characters in the picture'), 'abcde');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sales'));
  expect(solve.sent).toEqual({ id: 'c1', code: 'abcde', type: 'unlock', username: 'locked@cadence-mail.com' });
  expect(window.localStorage.getItem(STORAGE_KEYS.lockRedirectUrl)).toBeNull();
});

test('a wrong answer is announced and a new picture is shown', async () => {
  server.use(api.mutation(SolveCaptchaMutation, () => HttpResponse.json(badInput('The characters do not match the image. Please try again.', 'captcha-mismatch'))));
  const navigate = jest.fn();
  const user = userEvent.setup();
  renderPage(navigate);
  await screen.findByRole('img', { name: /Characters to type/ });
  await user.type(screen.getByLabelText('Characters in the picture'), 'wrong');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The characters do not match the image. Please try again.');
  await waitFor(() => expect(screen.getByRole('img', { name: /Characters to type/ }).getAttribute('src')).toContain('P2'));
  expect(navigate).not.toHaveBeenCalled();
});

test('with the keyboard alone, a person switches to a text question, whose words label the answer field, and answers it', async () => {
  const solve = lockedAndSolving('/trends');
  const navigate = jest.fn();
  const user = userEvent.setup();
  renderPage(navigate);
  await screen.findByRole('img', { name: /Characters to type/ });
  const toQuestion = screen.getByRole('button', { name: 'Answer a text question instead' });
  while (document.activeElement !== toQuestion) await user.tab();
  await user.keyboard('{Enter}');

  const answer = await screen.findByRole('textbox', { name: 'What is seven plus four?' });
  expect(answer).toHaveFocus();
  expect(answer).toHaveAccessibleDescription('Type the answer as a number, in digits or in words.');
  expect(screen.queryByRole('img')).toBeNull();
  expect(screen.getByText('Answer the question to continue.', { exact: false })).toBeInTheDocument();
  await user.keyboard('eleven{Enter}');
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/trends'));
  expect(solve.sent).toEqual({ id: 'q1', code: 'eleven', type: 'unlock', username: 'locked@cadence-mail.com' });

  // and back to the picture
  await user.click(screen.getByRole('button', { name: 'Type the characters in a picture instead' }));
  expect(await screen.findByRole('img', { name: /Characters to type/ })).toBeInTheDocument();
  expect(screen.getByLabelText('Characters in the picture')).toHaveFocus();
});

test('an empty or wrong answer to the question is announced, and a new question replaces it', async () => {
  server.use(api.mutation(SolveCaptchaMutation, () => HttpResponse.json(badInput('That answer is not right. Please try the new question.', 'captcha-mismatch'))));
  const navigate = jest.fn();
  const user = userEvent.setup();
  renderPage(navigate);
  await user.click(await screen.findByRole('button', { name: 'Answer a text question instead' }));
  const answer = await screen.findByRole('textbox', { name: 'What is seven plus four?' });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Please type your answer');
  expect(answer).toHaveAttribute('aria-invalid', 'true');

  await user.type(answer, '12{Enter}');
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That answer is not right. Please try the new question.'));
  const next = await screen.findByRole('textbox', { name: 'What is twelve minus three?' });
  await waitFor(() => expect(next).toHaveValue(''));
  // leaving the new, empty field for another option is not a mistake to announce
  await user.click(next);
  await user.tab();
  expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['That answer is not right. Please try the new question.']);
  expect(next).not.toHaveAttribute('aria-invalid');
  await user.click(screen.getByRole('button', { name: 'Ask another question' }));
  expect(await screen.findByRole('textbox', { name: 'What is seven plus four?' })).toBeInTheDocument();
  expect(navigate).not.toHaveBeenCalled();
});

test('"Email me an unlock link" asks for the remembered account and says so without telling whether it exists', async () => {
  window.localStorage.setItem(STORAGE_KEYS.usernameFormData, 'locked@cadence-mail.com');
  const requests: unknown[] = [];
  server.use(
    api.mutation(RequestUnlockLinkMutation, ({ variables }) => {
      requests.push(variables);
      return requests.length < 2
        ? HttpResponse.json({ data: { requestUnlockLink: true } })
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
      requests.push(variables);
      if (!variables.username) return HttpResponse.json(badInput('username is required', 'required', [{ field: 'username', key: 'required', message: 'username is required' }]));
      return HttpResponse.json({ data: { requestUnlockLink: true } });
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
      tokens.push(variables.token);
      return HttpResponse.json({ data: { unlockAccount: true } });
    }),
  );
  const navigate = jest.fn();
  const user = userEvent.setup();
  renderPage(navigate, '/captcha?unlock=tok-123456789');
  expect(await screen.findByRole('status')).toHaveTextContent('Your account is unlocked.');
  expect(tokens).toEqual(['tok-123456789']);
  expect(screen.queryByRole('img')).toBeNull();
  expect(screen.queryByRole('form', { name: 'Unlock by email' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(navigate).toHaveBeenCalledWith('/sales');
  expect(window.localStorage.getItem(STORAGE_KEYS.lockRedirectUrl)).toBeNull();
});

test('a used or expired link is announced and the other ways stay available', async () => {
  server.use(api.mutation(UnlockAccountMutation, () => HttpResponse.json(badInput('This link has expired or was already used.', 'token-invalid'))));
  renderPage(jest.fn(), '/captcha?unlock=old-token-123');
  expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used. You can still unlock your account below.');
  expect(await screen.findByRole('img', { name: /Characters to type/ })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Email me an unlock link' })).toBeInTheDocument();
});
