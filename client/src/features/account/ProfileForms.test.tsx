import { jest } from '@jest/globals';
import { STORAGE_KEYS } from '@cadence/domain/constants';
import type { ProfilePatch } from '@cadence/domain/profile';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ArtistProfileForm, type ProfileFormProfile } from './ArtistProfileForm';
import { ShortProfileForm } from './ShortProfileForm';
import { toEmailChangeFailure } from './ProfileForms';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { emailChangeErrorMessage } from '@cadence/domain/email';

const profile: ProfileFormProfile = { primaryArtists: ['Robin Lane'], firstName: 'Robin', lastName: 'Lane', birthday: '1990-01-15', birthdayDisabled: false };

beforeEach(() => {
  window.localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
const typer = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

describe('ArtistProfileForm', () => {
  function setup(overrides: Partial<ProfileFormProfile> = {}) {
    const onSave = jest.fn(async (_patch: ProfilePatch): Promise<unknown> => undefined);
    render(<ArtistProfileForm profile={{ ...profile, ...overrides }} onSave={onSave} />);
    return { onSave, user: typer() };
  }

  test('shows the saved values (birthday as MM/DD/YYYY) and the hints', () => {
    setup();
    expect(screen.getByLabelText('Artist Name')).toHaveValue('Robin Lane');
    expect(screen.getByLabelText('Birth Date')).toHaveValue('01/15/1990');
    expect(screen.getAllByText('Your real name: we need it for legal purposes.')).toHaveLength(2);
  });

  test("the spec's messages", async () => {
    const { user } = setup();
    await user.clear(screen.getByLabelText('Artist Name'));
    await user.tab();
    expect(screen.getByText('Artist Name is required')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('First Name'));
    await user.tab();
    expect(screen.getByText('First Name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First Name'), 'R0bin');
    await user.tab();
    expect(screen.getByText("Allowed letters, space and ',-. symbols")).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Birth Date'));
    await user.type(screen.getByLabelText('Birth Date'), '13/45/1990');
    await user.tab();
    expect(screen.getByText('Invalid Birth Date')).toBeInTheDocument();
  });

  test('100 ms after leaving a field, the changed fields are saved (the artist name replaces the shown one)', async () => {
    const { onSave, user } = setup();
    await user.clear(screen.getByLabelText('Artist Name'));
    await user.type(screen.getByLabelText('Artist Name'), 'The Lanes');
    await user.tab();
    await wait(99);
    expect(onSave).not.toHaveBeenCalled();
    await wait(1);
    expect(onSave).toHaveBeenCalledWith({ primaryArtists: ['The Lanes'] });
  });

  test('nothing is saved while any field is invalid', async () => {
    const { onSave, user } = setup();
    await user.clear(screen.getByLabelText('Last Name'));
    await user.tab();
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Sam');
    await user.tab();
    await wait(200);
    expect(onSave).not.toHaveBeenCalled();
  });

  test('an unchanged form sends nothing', async () => {
    const { onSave, user } = setup();
    await user.click(screen.getByLabelText('Artist Name'));
    await user.tab();
    await wait(200);
    expect(onSave).not.toHaveBeenCalled();
  });

  test("a locked birthday says 'contact us to change this date' and cannot be edited", () => {
    setup({ birthdayDisabled: true });
    expect(screen.getByLabelText('Birth Date')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Birth Date')).toHaveAttribute('placeholder', 'Birthdate');
    expect(screen.getByText('contact us to change this date')).toBeInTheDocument();
  });
});

describe('ShortProfileForm', () => {
  test('saves a valid change 500 ms after the last edit, busy until the profile comes back, then drops the draft', async () => {
    const onSave = jest.fn(async (_patch: ProfilePatch): Promise<unknown> => undefined);
    const view = render(<ShortProfileForm profile={profile} onSave={onSave} />);
    const user = typer();
    await user.type(screen.getByLabelText('Last Name'), 's');
    await wait(499);
    expect(onSave).not.toHaveBeenCalled();
    await wait(1);
    expect(onSave).toHaveBeenCalledWith({ lastName: 'Lanes' });
    expect(screen.getByText('Saving your name and birth date')).toBeInTheDocument();
    view.rerender(<ShortProfileForm profile={{ ...profile, lastName: 'Lanes' }} onSave={onSave} />);
    expect(screen.queryByText('Saving your name and birth date')).not.toBeInTheDocument();
  });

  test('an invalid change is kept as a local draft that fills the form next time', async () => {
    const onSave = jest.fn(async (_patch: ProfilePatch): Promise<unknown> => undefined);
    const view = render(<ShortProfileForm profile={profile} onSave={onSave} />);
    const user = typer();
    await user.clear(screen.getByLabelText('First Name'));
    await wait(500);
    expect(onSave).not.toHaveBeenCalled();
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.shortProfileDraft) ?? '{}')).toMatchObject({ firstName: '', lastName: 'Lane' });
    view.unmount();
    render(<ShortProfileForm profile={profile} onSave={onSave} />);
    expect(screen.getByLabelText('First Name')).toHaveValue('');
  });

  test('a locked birthday shows the contact text and the locked placeholder', () => {
    render(<ShortProfileForm profile={{ ...profile, birthdayDisabled: true }} onSave={async () => undefined} />);
    expect(screen.getByText('contact us to change this date')).toBeInTheDocument();
    expect(screen.getByLabelText('Birth Date')).toHaveAttribute('placeholder', 'Birthdate');
  });
});

describe('toEmailChangeFailure', () => {
  const graphqlError = (message: string, extensions: Record<string, unknown>) => new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] });

  test("knows an address another account has by extensions.key, whatever the message says, and shows the spec's sentence", () => {
    const failure = toEmailChangeFailure(graphqlError('That address is taken', { code: 'CONFLICT', key: 'user-exists' }));
    expect(failure).toEqual({ status: 409, body: 'User exists' });
    expect(emailChangeErrorMessage(failure.status, failure.body)).toBe('Please use a different email address.');
  });

  test("another refusal's message is shown as the server's message", () => {
    expect(toEmailChangeFailure(graphqlError('Not a valid email', { code: 'BAD_USER_INPUT' }))).toEqual({ status: 400, body: 'Not a valid email' });
  });

  test('no answer at all is status 0', () => {
    expect(toEmailChangeFailure(new Error('Failed to fetch'))).toEqual({ status: 0, body: undefined });
  });
});
