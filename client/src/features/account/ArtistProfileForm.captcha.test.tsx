import { jest } from '@jest/globals';
import { STORAGE_KEYS } from '@cadence/domain/constants';
import type { ProfilePatch } from '@cadence/domain/profile';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { altchaWidgets, widgetState } from '../../../test/altcha';
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

const captcha = (generation = 0): ArtistProfileCaptcha => ({ generation });

describe('ArtistProfileForm with the optional captcha', () => {
  test('without it there is no check', () => {
    setup();
    expect(screen.queryByRole('group', { name: 'Security check' })).not.toBeInTheDocument();
    expect(altchaWidgets()).toHaveLength(0);
  });

  test("shows a labelled 'signup' proof-of-work check", () => {
    setup(captcha());
    expect(screen.getByRole('group', { name: 'Security check' })).toHaveAccessibleDescription(/There is nothing to read or type\./);
    expect(altchaWidgets()[0]).toHaveAttribute('challenge', '/api/captcha/challenge?type=signup');
  });

  test('the check is required: nothing is saved without it; once solved, the save goes with it', async () => {
    const { onSave, user } = setup(captcha());
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Grace');
    await user.tab();
    await wait(150);
    expect(onSave).not.toHaveBeenCalled();

    await widgetState('verified', 'PAYLOAD-1');
    await wait(150);
    expect(onSave).toHaveBeenCalledWith({ firstName: 'Grace' }, 'PAYLOAD-1');
  });

  test('a new solution is sent even when no other field changed, and only once', async () => {
    const { onSave, user } = setup(captcha());
    await widgetState('verified', 'PAYLOAD-1');
    await wait(150);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenLastCalledWith({}, 'PAYLOAD-1');
    // leaving another unchanged field does not send the same solution again
    await user.click(screen.getByLabelText('Artist Name'));
    await user.tab();
    await wait(150);
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  test('nothing is sent, not even the solution, while another field is invalid', async () => {
    const { onSave, user } = setup(captcha());
    await user.clear(screen.getByLabelText('Last Name'));
    await user.tab();
    await widgetState('verified', 'PAYLOAD-1');
    await wait(150);
    expect(onSave).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Last Name'), 'Lane');
    await user.tab();
    await wait(150);
    expect(onSave).toHaveBeenCalledWith({}, 'PAYLOAD-1');
  });

  test("the server's refusal is announced next to the check", () => {
    setup({ ...captcha(), error: 'The verification failed. Please verify again.' });
    expect(screen.getByRole('alert')).toHaveTextContent('The verification failed. Please verify again.');
  });

  test('a solution is stored locally; when it is cleared (expired) it is forgotten and the user goes to /on-boarding?step=1', async () => {
    setup(captcha());
    await widgetState('verified', 'PAYLOAD-1');
    expect(window.localStorage.getItem(STORAGE_KEYS.captchaCode)).toBe('PAYLOAD-1');
    expect(screen.getByLabelText('Location')).toHaveTextContent(/^\/on-boarding$/);

    await widgetState('expired');
    expect(window.localStorage.getItem(STORAGE_KEYS.captchaCode)).toBeNull();
    expect(screen.getByLabelText('Location')).toHaveTextContent('/on-boarding?step=1');
  });

  test('a check that was never solved does not navigate or store anything', async () => {
    setup(captcha());
    await widgetState('verifying');
    await widgetState('error');
    expect(window.localStorage.getItem(STORAGE_KEYS.captchaCode)).toBeNull();
    expect(screen.getByLabelText('Location')).toHaveTextContent(/^\/on-boarding$/);
  });

  test('a new check after a refusal starts empty without leaving the page', async () => {
    const { onSave, rerender } = setupWithRerender();
    await widgetState('verified', 'PAYLOAD-1');
    await wait(150);
    expect(onSave).toHaveBeenCalledTimes(1);
    const first = altchaWidgets()[0];
    rerender(captcha(1));
    expect(altchaWidgets()[0]).not.toBe(first);
    expect(screen.getByLabelText('Location')).toHaveTextContent(/^\/on-boarding$/);
    await widgetState('verified', 'PAYLOAD-2');
    await wait(150);
    expect(onSave).toHaveBeenLastCalledWith({}, 'PAYLOAD-2');
  });
});

/** Like setup, with a way to pass a new captcha prop (as the profile forms do after a refusal). */
function setupWithRerender() {
  const onSave = jest.fn(async (_patch: ProfilePatch, _captchaCode?: string): Promise<unknown> => undefined);
  const tree = (c: ArtistProfileCaptcha) => (
    <MemoryRouter initialEntries={['/on-boarding']}>
      <Routes>
        <Route path="*" element={<><ArtistProfileForm profile={profile} onSave={onSave} captcha={c} /><Where /></>} />
      </Routes>
    </MemoryRouter>
  );
  const { rerender } = render(tree(captcha(0)));
  return { onSave, rerender: (c: ArtistProfileCaptcha) => rerender(tree(c)) };
}
