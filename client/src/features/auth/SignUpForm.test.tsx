import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { createApolloClient } from '../../app/apollo';
import { applyClientConfigs } from '../../app/environment';
import { CreateCaptchaChallengeMutation } from '../captcha/captcha.graphql';
import { SignUpMutation } from './auth.graphql';
import { SignUpForm, type SignUpOutcome } from './SignUpForm';

const server = useMswServer();
let issued: string[] = [];
let sent: Record<string, unknown>[] = [];
const MISMATCH = 'The characters do not match the image. Please try again.';

beforeEach(() => {
  issued = [];
  sent = [];
  server.use(
    api.mutation(CreateCaptchaChallengeMutation, ({ variables }) => {
      issued.push(String(variables.type));
      const n = issued.length;
      return HttpResponse.json({ data: { createCaptchaChallenge: { id: `c${n}`, svg: `<svg><path d="M${n}"/></svg>`, expiresAt: '2030-01-01T00:00:00.000Z' } } });
    }),
  );
});
afterEach(() => applyClientConfigs({}));

function renderForm(onOutcome: (o: SignUpOutcome) => void = jest.fn()) {
  render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <SignUpForm onOutcome={onOutcome} today="2026-06-01" />
    </ApolloProvider>,
  );
  return userEvent.setup();
}

async function fillAdult(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'new@cadence-mail.com');
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.type(screen.getByLabelText('First Name'), 'Robin');
  await user.type(screen.getByLabelText('Last Name'), 'Lane');
  await user.type(screen.getByLabelText('Birth Date'), '01/15/1990');
  await user.click(screen.getByLabelText(/distribution agreement/));
}

describe('sign-up captcha on', () => {
  beforeEach(() => applyClientConfigs({ signupCaptcha: true }));

  test('shows the picture, requires the characters, and sends them with the challenge id', async () => {
    server.use(
      api.mutation(SignUpMutation, ({ variables }) => {
        sent.push(variables.input as Record<string, unknown>);
        return HttpResponse.json({ data: { signUp: { id: 'u1' } } });
      }),
    );
    const onOutcome = jest.fn();
    const user = renderForm(onOutcome);
    const image = await screen.findByRole('img', { name: 'Characters to type, distorted so that programs cannot read them' });
    expect(image.getAttribute('src')).toContain(encodeURIComponent('<path d="M1"/>'));
    expect(issued).toEqual(['signup']);
    await fillAdult(user);

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Please type the characters you see in the picture.')).toHaveAttribute('role', 'alert');
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Characters in the picture'), ' k7qx3 ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ kind: 'signed-up' }));
    expect(sent[0]).toMatchObject({ email: 'new@cadence-mail.com', captchaCode: 'k7qx3', captchaId: 'c1' });
  });

  test("the server's refusal is announced, with a new picture and an empty field", async () => {
    server.use(
      api.mutation(SignUpMutation, ({ variables }) => {
        sent.push(variables.input as Record<string, unknown>);
        return HttpResponse.json({ data: null, errors: [{ message: MISMATCH, path: ['signUp'], extensions: { code: 'BAD_USER_INPUT', key: 'captcha-mismatch' } }] });
      }),
    );
    const onOutcome = jest.fn();
    const user = renderForm(onOutcome);
    await screen.findByRole('img', { name: /Characters to type/ });
    await fillAdult(user);
    await user.type(screen.getByLabelText('Characters in the picture'), 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(MISMATCH)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('img', { name: /Characters to type/ }).getAttribute('src')).toContain(encodeURIComponent('M2')));
    await waitFor(() => expect(screen.getByLabelText('Characters in the picture')).toHaveValue(''));
    expect(onOutcome).not.toHaveBeenCalled();
    expect(sent[0]).toMatchObject({ captchaCode: 'WRONG', captchaId: 'c1' });
  });

  test('"New picture" asks the server for another challenge', async () => {
    const user = renderForm();
    await screen.findByRole('img', { name: /Characters to type/ });
    await user.click(screen.getByRole('button', { name: 'New picture' }));
    await waitFor(() => expect(screen.getByRole('img', { name: /Characters to type/ }).getAttribute('src')).toContain(encodeURIComponent('M2')));
    expect(issued).toEqual(['signup', 'signup']);
  });
});

test('with the captcha off there is no picture and nothing captcha-related is sent', async () => {
  server.use(
    api.mutation(SignUpMutation, ({ variables }) => {
      sent.push(variables.input as Record<string, unknown>);
      return HttpResponse.json({ data: { signUp: { id: 'u1' } } });
    }),
  );
  const onOutcome = jest.fn();
  const user = renderForm(onOutcome);
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Characters in the picture')).not.toBeInTheDocument();
  await fillAdult(user);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ kind: 'signed-up' }));
  expect(sent[0]).not.toHaveProperty('captchaCode');
  expect(sent[0]).not.toHaveProperty('captchaId');
  expect(issued).toEqual([]);
});
