import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { createApolloClient } from '../../lib/apollo';
import { STORAGE_KEYS } from '@cadence/domain/constants';
import { SignInMutation, SignUpMutation } from './auth.graphql';
import { AuthDialog, type AuthMode } from './AuthDialog';
import { WRONG_CREDENTIALS_MESSAGE } from './SignInForm';

const server = useMswServer();

function Harness({ navigate, initialMode = 'login' }: { navigate: (to: string) => void; initialMode?: AuthMode }) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<AuthMode>(initialMode);
  return (
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <MemoryRouter>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        {open && <AuthDialog mode={mode} onModeChange={setMode} onClose={() => setOpen(false)} navigate={navigate} />}
      </MemoryRouter>
    </ApolloProvider>
  );
}

const graphqlError = (code: string, message: string, extra: Record<string, string> = {}) => ({
  data: null,
  errors: [{ message, path: ['signIn'], extensions: { code, ...extra } }],
});

async function openAndSignIn(navigate: (to: string) => void, email = 'someone@cadence-mail.com') {
  const user = userEvent.setup();
  render(<Harness navigate={navigate} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = screen.getByRole('dialog', { name: 'Sign in' });
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'Whatever1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return { user, dialog };
}

beforeEach(() => window.localStorage.clear());

test('the dialog is labelled, takes focus, keeps Tab inside, closes on Escape and returns focus', async () => {
  const user = userEvent.setup();
  render(<Harness navigate={jest.fn()} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Sign in' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(screen.getByLabelText('Email')).toHaveFocus();

  await user.tab({ shift: true });
  expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  await user.tab();
  expect(screen.getByLabelText('Email')).toHaveFocus();

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

test('wrong credentials show one neutral message, announced, without saying whether the email exists', async () => {
  server.use(api.mutation(SignInMutation, () => HttpResponse.json(graphqlError('UNAUTHENTICATED', 'The email or password is incorrect.'))));
  const navigate = jest.fn();
  await openAndSignIn(navigate);
  expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CREDENTIALS_MESSAGE);
  expect(navigate).not.toHaveBeenCalled();
});

test('empty fields are flagged before anything is sent', async () => {
  const user = userEvent.setup();
  render(<Harness navigate={jest.fn()} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText('Email required')).toHaveAttribute('role', 'alert');
  expect(screen.getByText('Password is required')).toBeInTheDocument();
});

test('a locked account goes to /captcha and remembers who to unlock', async () => {
  server.use(api.mutation(SignInMutation, () => HttpResponse.json(graphqlError('LOCKED', 'Too many failed sign-in attempts.', { status: 'locked' }))));
  const navigate = jest.fn();
  await openAndSignIn(navigate, 'locked@cadence-mail.com');
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/captcha'));
  expect(window.localStorage.getItem(STORAGE_KEYS.usernameFormData)).toBe('locked@cadence-mail.com');
  expect(window.localStorage.getItem(STORAGE_KEYS.lockRedirectUrl)).toBe('/releases');
});

test('a blocked account goes to /disabled', async () => {
  server.use(api.mutation(SignInMutation, () => HttpResponse.json(graphqlError('FORBIDDEN', "Sorry, we're unable to process your request at this time.", { status: 'blocked' }))));
  const navigate = jest.fn();
  await openAndSignIn(navigate);
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/disabled'));
});

test('signing in goes to the remembered URL, else to the first page for the person', async () => {
  server.use(
    api.mutation(SignInMutation, () =>
      HttpResponse.json({ data: { signIn: { viewer: { id: 'u1', role: 'USER', onboarding: { firstIncompleteStep: null } } } } }),
    ),
  );
  window.localStorage.setItem(STORAGE_KEYS.authRedirectUrl, '/sales?year=2025');
  const navigate = jest.fn();
  await openAndSignIn(navigate);
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/sales?year=2025'));
  expect(window.localStorage.getItem(STORAGE_KEYS.authRedirectUrl)).toBeNull();
});

describe('sign-up', () => {
  async function openSignUp() {
    const user = userEvent.setup();
    render(<Harness navigate={navigate} initialMode="signup" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByLabelText('Email'), 'new@cadence-mail.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.type(screen.getByLabelText('First Name'), 'Robin');
    await user.type(screen.getByLabelText('Last Name'), 'Lane');
    return user;
  }
  const navigate = jest.fn();
  beforeEach(() => navigate.mockReset());

  test('an adult accepts the distribution agreement and is sent to on-boarding', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      api.mutation(SignUpMutation, ({ variables }) => {
        sent = variables.input as Record<string, unknown>;
        return HttpResponse.json({ data: { signUp: { viewer: { id: 'u9' } } } });
      }),
    );
    const user = await openSignUp();
    await user.type(screen.getByLabelText('Birth Date'), '01/15/1990');
    expect(screen.queryByLabelText('Parent/Guardian Email')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please accept the distribution agreement')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/distribution agreement/));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/on-boarding'));
    expect(sent).toMatchObject({ email: 'new@cadence-mail.com', birthday: '1990-01-15', distributionAgreement: true, firstName: 'Robin', lastName: 'Lane' });
    expect(sent?.parentEmail).toBeUndefined();
  });

  test('a minor gives a parent email and accepts the privacy policy', async () => {
    const user = await openSignUp();
    const year = new Date().getUTCFullYear() - 16;
    await user.type(screen.getByLabelText('Birth Date'), `01/01/${year}`);
    expect(screen.getByLabelText('Parent/Guardian Email')).toBeInTheDocument();
    expect(screen.getByLabelText(/privacy policy/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/distribution agreement/)).not.toBeInTheDocument();
  });

  test('the password rule of the domain applies', async () => {
    const user = userEvent.setup();
    render(<Harness navigate={navigate} initialMode="signup" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByLabelText('Password'), 'lowercase1');
    await user.tab();
    expect(screen.getByText('Password must contain an uppercase letter')).toBeInTheDocument();
  });

  test('under 13: the server refuses and the person ends on /disabled', async () => {
    server.use(
      api.mutation(SignUpMutation, () =>
        HttpResponse.json({
          data: null,
          errors: [{ message: "Sorry, we're unable to process your request at this time.", path: ['signUp'], extensions: { code: 'FORBIDDEN', key: 'age-restricted', status: 'age_restricted' } }],
        }),
      ),
    );
    const user = await openSignUp();
    const year = new Date().getUTCFullYear() - 10;
    await user.type(screen.getByLabelText('Birth Date'), `01/01/${year}`);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/disabled'));
  });
});
