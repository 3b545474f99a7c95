import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { createApolloClient } from '../../lib/apollo';
import { applyClientConfigs } from '../../lib/environment';
import { CreateCaptchaChallengeMutation, CreateCaptchaQuestionMutation } from '../../lib/captcha/captcha.graphql';
import { SignUpMutation } from './auth.graphql';
import { SignUpForm, type SignUpOutcome } from './SignUpForm';

const server = useMswServer();
let issued: string[] = [];
let asked: string[] = [];
let sent: Record<string, unknown>[] = [];
const MISMATCH = 'The characters do not match the image. Please try again.';
const WRONG_ANSWER = 'That answer is not right. Please try the new question.';
const QUESTIONS = ['What is seven plus four?', 'What is twelve minus three?'];

beforeEach(() => {
  issued = [];
  asked = [];
  sent = [];
  server.use(
    api.mutation(CreateCaptchaChallengeMutation, ({ variables }) => {
      issued.push(String(variables.type));
      const n = issued.length;
      return HttpResponse.json({ data: { createCaptchaChallenge: { id: `c${n}`, svg: `<svg><path d="M${n}"/></svg>`, expiresAt: '2030-01-01T00:00:00.000Z' } } });
    }),
    api.mutation(CreateCaptchaQuestionMutation, ({ variables }) => {
      asked.push(String(variables.type));
      const n = asked.length;
      const createCaptchaQuestion = { __typename: 'CaptchaQuestion', id: `q${n}`, question: QUESTIONS[(n - 1) % 2]!, expiresAt: '2030-01-01T00:00:00.000Z' };
      return HttpResponse.json({ data: { createCaptchaQuestion } });
    }),
  );
});
afterEach(() => applyClientConfigs({}));

/** The server creates the account; `sent` collects the inputs. */
function acceptSignUp() {
  server.use(
    api.mutation(SignUpMutation, ({ variables }) => {
      sent.push(variables.input as Record<string, unknown>);
      return HttpResponse.json({ data: { signUp: { id: 'u1' } } });
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

  test('shows the picture, requires the characters, and sends them with the challenge id', async () => {
    acceptSignUp();
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
    refuseSignUp(MISMATCH);
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

  test('"Show another picture" asks the server for another challenge', async () => {
    const user = renderForm();
    await screen.findByRole('img', { name: /Characters to type/ });
    await user.click(screen.getByRole('button', { name: 'Show another picture' }));
    await waitFor(() => expect(screen.getByRole('img', { name: /Characters to type/ }).getAttribute('src')).toContain(encodeURIComponent('M2')));
    expect(issued).toEqual(['signup', 'signup']);
  });
});

describe('sign-up captcha on, answered with a text question instead of the picture', () => {
  beforeEach(() => applyClientConfigs({ signupCaptcha: true }));

  test('with the keyboard alone a person switches to a question, whose words label the answer field, and signs up with it', async () => {
    acceptSignUp();
    const onOutcome = jest.fn();
    const user = renderForm(onOutcome);
    await screen.findByRole('img', { name: /Characters to type/ });
    await fillAdult(user);
    await user.type(screen.getByLabelText('Characters in the picture'), 'ABC');

    const toQuestion = screen.getByRole('button', { name: 'Answer a text question instead' });
    while (document.activeElement !== toQuestion) await user.tab();
    await user.keyboard('{Enter}');
    const answer = await screen.findByRole('textbox', { name: 'What is seven plus four?' });
    expect(answer).toHaveFocus();
    expect(answer).toHaveValue('');
    expect(answer).toHaveAccessibleDescription('Type the answer as a number, in digits or in words.');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(asked).toEqual(['signup']);

    // Enter in the empty field: the missing answer is announced, in words about the question
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Please type your answer to the question.')).toHaveAttribute('role', 'alert');
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    expect(answer).toHaveAccessibleDescription(/Please type your answer to the question\./);
    expect(sent).toHaveLength(0);

    await user.type(answer, ' eleven {Enter}');
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ kind: 'signed-up' }));
    expect(sent[0]).toMatchObject({ email: 'new@cadence-mail.com', captchaCode: 'eleven', captchaId: 'q1' });
  });

  test("the server's refusal is announced and a new, empty question replaces the old one; the picture comes back on request", async () => {
    refuseSignUp(WRONG_ANSWER);
    const onOutcome = jest.fn();
    const user = renderForm(onOutcome);
    await fillAdult(user);
    await user.click(await screen.findByRole('button', { name: 'Answer a text question instead' }));
    await user.type(await screen.findByRole('textbox', { name: 'What is seven plus four?' }), '12');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_ANSWER);
    const next = await screen.findByRole('textbox', { name: 'What is twelve minus three?' });
    await waitFor(() => expect(next).toHaveValue(''));
    expect(sent[0]).toMatchObject({ captchaCode: '12', captchaId: 'q1' });
    expect(asked).toEqual(['signup', 'signup']);
    expect(onOutcome).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Ask another question' }));
    expect(await screen.findByRole('textbox', { name: 'What is seven plus four?' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Type the characters in a picture instead' }));
    expect(await screen.findByRole('img', { name: /Characters to type/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Characters in the picture')).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: /What is/ })).not.toBeInTheDocument();
  });
});

test('with the captcha off there is no picture and nothing captcha-related is sent', async () => {
  acceptSignUp();
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
  expect(screen.queryByRole('button', { name: 'Answer a text question instead' })).not.toBeInTheDocument();
});
