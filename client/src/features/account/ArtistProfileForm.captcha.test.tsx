import { jest } from '@jest/globals';
import { STORAGE_KEYS } from '@cadence/domain/constants';
import type { ProfilePatch } from '@cadence/domain/profile';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ArtistProfileForm, type ArtistProfileCaptcha, type ProfileFormProfile } from './ArtistProfileForm';

const profile: ProfileFormProfile = { primaryArtists: ['Robin Lane'], firstName: 'Robin', lastName: 'Lane', birthday: '1990-01-15', birthdayDisabled: false };

beforeEach(() => {
  window.localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

function Where() {
  const location = useLocation();
  return <output aria-label="Location">{location.pathname + location.search}</output>;
}

function setup(captcha?: ArtistProfileCaptcha) {
  const onSave = jest.fn(async (_patch: ProfilePatch, _captchaCode?: string): Promise<unknown> => undefined);
  render(
    <MemoryRouter initialEntries={['/on-boarding']}>
      <Routes>
        <Route path="*" element={<><ArtistProfileForm profile={profile} onSave={onSave} captcha={captcha} /><Where /></>} />
      </Routes>
    </MemoryRouter>,
  );
  return { onSave, user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

const captcha = (): ArtistProfileCaptcha => ({ imageSrc: 'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E', loadFailed: false, onNewPicture: jest.fn() });

describe('ArtistProfileForm with the optional captcha', () => {
  test('without it there is no picture and no captcha field', () => {
    setup();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Characters in the picture')).not.toBeInTheDocument();
  });

  test('shows the picture with a labelled input and a "New picture" button', async () => {
    const c = captcha();
    const { user } = setup(c);
    expect(screen.getByRole('img', { name: 'Characters to type, distorted so that programs cannot read them' })).toHaveAttribute('src', c.imageSrc);
    await user.click(screen.getByRole('button', { name: 'New picture' }));
    expect(c.onNewPicture).toHaveBeenCalledTimes(1);
  });

  test('the captcha is required: nothing is saved without it, and the missing code is announced', async () => {
    const { onSave, user } = setup(captcha());
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Grace');
    await user.tab();
    await wait(150);
    expect(onSave).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('Characters in the picture'));
    await user.tab();
    expect(screen.getByText('Please type the characters you see in the picture.')).toHaveAttribute('role', 'alert');

    await user.type(screen.getByLabelText('Characters in the picture'), 'K7QX3');
    await user.tab();
    await wait(150);
    expect(onSave).toHaveBeenCalledWith({ firstName: 'Grace' }, 'K7QX3');
  });

  test('a newly typed code is sent with the save even when no other field changed, and only once', async () => {
    const { onSave, user } = setup(captcha());
    const field = screen.getByLabelText('Characters in the picture');
    await user.type(field, ' k7qx3 ');
    await user.tab();
    await wait(150);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenLastCalledWith({}, 'k7qx3');
    // leaving another unchanged field does not send the same code again
    await user.click(screen.getByLabelText('Artist Name'));
    await user.tab();
    await wait(150);
    expect(onSave).toHaveBeenCalledTimes(1);
    await user.clear(field);
    await user.type(field, 'P4WN2');
    await user.tab();
    await wait(150);
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onSave).toHaveBeenLastCalledWith({}, 'P4WN2');
  });

  test('nothing is sent, not even the code, while another field is invalid', async () => {
    const { onSave, user } = setup(captcha());
    await user.clear(screen.getByLabelText('Last Name'));
    await user.type(screen.getByLabelText('Characters in the picture'), 'K7QX3');
    await user.tab();
    await wait(150);
    expect(onSave).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Last Name'), 'Lane');
    await user.tab();
    await wait(150);
    expect(onSave).toHaveBeenCalledWith({}, 'K7QX3');
  });

  test("the server's refusal of a code is announced next to the picture", () => {
    setup({ ...captcha(), error: 'The characters do not match the image. Please try again.' });
    expect(screen.getByRole('alert')).toHaveTextContent('The characters do not match the image. Please try again.');
  });

  test('a valid code is stored locally; clearing it forgets it and goes to /on-boarding?step=1', async () => {
    const { user } = setup(captcha());
    const field = screen.getByLabelText('Characters in the picture');
    await user.type(field, ' ab3 ');
    expect(window.localStorage.getItem(STORAGE_KEYS.captchaCode)).toBe('ab3');
    expect(screen.getByLabelText('Location')).toHaveTextContent(/^\/on-boarding$/);

    await user.clear(field);
    expect(window.localStorage.getItem(STORAGE_KEYS.captchaCode)).toBeNull();
    expect(screen.getByLabelText('Location')).toHaveTextContent('/on-boarding?step=1');
  });

  test('a field that was never filled does not navigate or store anything', async () => {
    const { user } = setup(captcha());
    await user.click(screen.getByLabelText('Characters in the picture'));
    await user.tab();
    expect(window.localStorage.getItem(STORAGE_KEYS.captchaCode)).toBeNull();
    expect(screen.getByLabelText('Location')).toHaveTextContent(/^\/on-boarding$/);
  });
});
