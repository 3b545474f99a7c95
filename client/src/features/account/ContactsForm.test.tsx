import { jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactsForm, type ContactsFormProps } from './ContactsForm';

function setup(overrides: Partial<ContactsFormProps> = {}) {
  const onChangeEmail = jest.fn(async (_email: string): Promise<unknown> => true);
  const onResendVerification = jest.fn(async (): Promise<unknown> => true);
  render(<ContactsForm profile={{ email: 'me@cadence-mail.com', emailVerified: false }} onChangeEmail={onChangeEmail} onResendVerification={onResendVerification} {...overrides} />);
  return { user: userEvent.setup(), onChangeEmail, onResendVerification };
}

const save = () => screen.getByRole('button', { name: 'Save Changes' });

test('Save is disabled for an empty, unchanged (any case) or invalid email', async () => {
  const { user } = setup();
  const email = screen.getByLabelText('Email');
  expect(save()).toBeDisabled();
  await user.clear(email);
  expect(save()).toBeDisabled();
  await user.type(email, 'ME@Cadence-Mail.com');
  expect(save()).toBeDisabled();
  await user.clear(email);
  await user.type(email, 'not-an-email');
  expect(save()).toBeDisabled();
  await user.clear(email);
  await user.type(email, 'new@cadence-mail.com');
  expect(save()).toBeEnabled();
});

test('a sent change shows the spec message with the new address', async () => {
  const { user, onChangeEmail } = setup();
  await user.clear(screen.getByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), 'new@cadence-mail.com');
  await user.click(save());
  expect(onChangeEmail).toHaveBeenCalledWith('new@cadence-mail.com');
  expect(await screen.findByText('Change Email request has been sent. Please check your new@cadence-mail.com email')).toHaveAttribute('role', 'status');
});

test("'User exists' shows 'Please use a different email address.'; no answer shows the server message", async () => {
  const onChangeEmail = jest.fn(async (): Promise<unknown> => Promise.reject({ status: 409, body: 'User exists' }));
  const { user } = setup({ onChangeEmail });
  await user.clear(screen.getByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), 'taken@cadence-mail.com');
  await user.click(save());
  expect(await screen.findByRole('alert')).toHaveTextContent('Please use a different email address.');
  onChangeEmail.mockImplementation(async () => Promise.reject({ status: 0, body: undefined }));
  await user.click(save());
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something with server. Please try again later'));
});

test('Cancel restores the current email', async () => {
  const { user } = setup();
  await user.clear(screen.getByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), 'other@cadence-mail.com');
  await user.click(screen.getByRole('button', { name: 'CANCEL' }));
  expect(screen.getByLabelText('Email')).toHaveValue('me@cadence-mail.com');
});

test('resend verification shows only for an unverified email and works once', async () => {
  const { user, onResendVerification } = setup();
  const resend = screen.getByRole('button', { name: 'Resend verification email' });
  await user.click(resend);
  expect(onResendVerification).toHaveBeenCalledTimes(1);
  expect(resend).toBeDisabled();
  expect(screen.getByRole('status')).toHaveTextContent('Please check your email to verify your Cadence account.');
});

test('no resend button once the email is verified', () => {
  render(<ContactsForm profile={{ email: 'me@cadence-mail.com', emailVerified: true }} onChangeEmail={async () => true} onResendVerification={async () => true} />);
  expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
});

test('the parent email shows only when asked for, is required for a minor and saves on blur', async () => {
  const onSaveParentEmail = jest.fn(async (_email: string): Promise<unknown> => true);
  const { user } = setup({ askParentEmail: true, isMinor: true, onSaveParentEmail });
  const parent = screen.getByLabelText('Parent/Guardian Email');
  await user.click(parent);
  await user.tab();
  expect(screen.getByText('Email required')).toBeInTheDocument();
  await user.type(parent, 'parent@cadence-mail.com');
  await user.tab();
  await waitFor(() => expect(onSaveParentEmail).toHaveBeenCalledWith('parent@cadence-mail.com'));
});

test('no parent email field unless asked', () => {
  setup();
  expect(screen.queryByLabelText('Parent/Guardian Email')).not.toBeInTheDocument();
});
