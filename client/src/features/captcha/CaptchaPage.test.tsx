import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { STORAGE_KEYS } from '@cadence/domain/constants';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { createApolloClient } from '../../app/apollo';
import { CreateCaptchaChallengeMutation, SolveCaptchaMutation } from './captcha.graphql';
import CaptchaPage from './CaptchaPage';

const server = useMswServer();
let issued = 0;

beforeEach(() => {
  issued = 0;
  window.localStorage.clear();
  server.use(
    api.mutation(CreateCaptchaChallengeMutation, () => {
      issued += 1;
      const captchaChallenge = { __typename: 'CaptchaChallenge', id: `c${issued}`, svg: `<svg><text>P${issued}</text></svg>`, expiresAt: '2030-01-01T00:00:00.000Z' };
      return HttpResponse.json({ data: { createCaptchaChallenge: captchaChallenge } });
    }),
  );
});

function renderPage(navigate: (to: string) => void) {
  return render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <CaptchaPage navigate={navigate} />
    </ApolloProvider>,
  );
}

test('a solved captcha unlocks the remembered account and returns to the wanted URL', async () => {
  window.localStorage.setItem(STORAGE_KEYS.lockRedirectUrl, '/sales');
  window.localStorage.setItem(STORAGE_KEYS.usernameFormData, 'locked@cadence-mail.com');
  let sent: Record<string, unknown> | undefined;
  server.use(
    api.mutation(SolveCaptchaMutation, ({ variables }) => {
      sent = variables;
      return HttpResponse.json({ data: { solveCaptcha: { solved: true, unlocked: false } } });
    }),
  );
  const navigate = jest.fn();
  const user = userEvent.setup();
  renderPage(navigate);
  const image = await screen.findByRole('img', { name: /Characters to type/ });
  expect(image.getAttribute('src')).toContain(encodeURIComponent('<text>P1</text>'));
  await user.type(screen.getByLabelText('Characters in the picture'), 'abcde');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sales'));
  expect(sent).toEqual({ id: 'c1', code: 'abcde', type: 'unlock', username: 'locked@cadence-mail.com' });
  expect(window.localStorage.getItem(STORAGE_KEYS.lockRedirectUrl)).toBeNull();
});

test('a wrong answer is announced and a new picture is shown', async () => {
  server.use(
    api.mutation(SolveCaptchaMutation, () =>
      HttpResponse.json({ data: null, errors: [{ message: 'The characters do not match the image. Please try again.', extensions: { code: 'BAD_USER_INPUT', key: 'captcha-mismatch' } }] }),
    ),
  );
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
