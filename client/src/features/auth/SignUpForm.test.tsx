import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { createApolloClient } from '../../lib/apollo';
import { applyClientConfigs } from '../../lib/environment';
import { altchaWidgets, widgetState } from '../../../test/altcha';
import { SignUpMutation } from './auth.graphql';
import { SignUpForm, type SignUpOutcome } from './SignUpForm';

const server = useMswServer();
let sent: Record<string, unknown>[] = [];
const MISMATCH = 'The verification failed. Please verify again.';

beforeEach(() => {
  sent = [];
});
afterEach(() => applyClientConfigs({}));

/** The server creates the account; `sent` collects the inputs. */
function acceptSignUp() {
  server.use(
    api.mutation(SignUpMutation, ({ variables }) => {
      sent.push(variables.input as Record<string, unknown>);
      return HttpResponse.json({ data: { signUp: { viewer: { id: 'u1' } } } });
    }),
  );
}

/** The server refuses the captcha answer with `message`; `sent` collects the inputs. */
function refuseSignUp(message: string) {
  server.use(
    api.mutation(SignUpMutation, ({ variables }) => {
      sent.push(variables.input as Record<string, unknown>);
      return HttpResponse.json({ data: null, errors: [{ message, path: ['signUp'], extensions: { code: 'BAD_USER_INPUT', key: 'captcha-mismatch' } }] });
    }),
  );
}

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

  test("shows a labelled proof-of-work check for 'signup', requires it, and sends the solved challenge", async () => {
    acceptSignUp();
    const onOutcome = jest.fn();
    const user = renderForm(onOutcome);
    const group = screen.getByRole('group', { name: 'Security check' });
    expect(group).toHaveAccessibleDescription(/Tick the box: your browser then does a short calculation/);
    expect(altchaWidgets()).toHaveLength(1);
    expect(altchaWidgets()[0]).toHaveAttribute('challenge', '/api/captcha/challenge?type=signup');
    await fillAdult(user);

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText("Please confirm you're not a robot.")).toHaveAttribute('role', 'alert');
    expect(group).toHaveAccessibleDescription(/Please confirm you're not a robot\./);
    expect(sent).toHaveLength(0);

    await widgetState('verifying');
    await widgetState('verified', 'PAYLOAD-1');
    expect(screen.queryByText("Please confirm you're not a robot.")).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ kind: 'signed-up' }));
    expect(sent[0]).toMatchObject({ email: 'new@cadence-mail.com', captchaCode: 'PAYLOAD-1' });
    expect(sent[0]).not.toHaveProperty('captchaId');
  });

  test("the server's refusal is announced and the check starts over with a new widget", async () => {
    refuseSignUp(MISMATCH);
    const onOutcome = jest.fn();
    const user = renderForm(onOutcome);
    await fillAdult(user);
    const first = altchaWidgets()[0];
    await widgetState('verified', 'PAYLOAD-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(MISMATCH)).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(altchaWidgets()[0]).not.toBe(first));
    expect(sent[0]).toMatchObject({ captchaCode: 'PAYLOAD-1' });
    expect(onOutcome).not.toHaveBeenCalled();

    // the spent solution is not sent again: the new check must be done first
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText("Please confirm you're not a robot.")).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  test('an expired solution empties the field again', async () => {
    acceptSignUp();
    const user = renderForm();
    await fillAdult(user);
    await widgetState('verified', 'PAYLOAD-1');
    await widgetState('expired');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText("Please confirm you're not a robot.")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

test('with the captcha off there is no check and nothing captcha-related is sent', async () => {
  acceptSignUp();
  const onOutcome = jest.fn();
  const user = renderForm(onOutcome);
  expect(altchaWidgets()).toHaveLength(0);
  expect(screen.queryByRole('group', { name: 'Security check' })).not.toBeInTheDocument();
  await fillAdult(user);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ kind: 'signed-up' }));
  expect(sent[0]).not.toHaveProperty('captchaCode');
});
