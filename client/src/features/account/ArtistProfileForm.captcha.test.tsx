import { jest } from '@jest/globals';
import { STORAGE_KEYS } from '@cadence/domain/constants';
import type { ProfilePatch } from '@cadence/domain/profile';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { CaptchaChallengeState } from '../../lib/captcha/useCaptchaChallenge';
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

const picture = (): CaptchaChallengeState => ({
  format: 'image',
  id: 'c1',
  imageSrc: 'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E',
  question: null,
  loadFailed: false,
  switched: false,
  refresh: jest.fn(async () => undefined),
  switchFormat: jest.fn(),
});
const captcha = (): ArtistProfileCaptcha => ({ challenge: picture() });
const QUESTION = 'What is seven plus four?';

describe('ArtistProfileForm with the optional captcha', () => {
  test('without it there is no picture and no captcha field', () => {
    setup();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Characters in the picture')).not.toBeInTheDocument();
  });

  test('shows the picture with a labelled input and a "Show another picture" button', async () => {
    const c = captcha();
    const { user } = setup(c);
    expect(screen.getByRole('img', { name: 'Characters to type, distorted so that programs cannot read them' })).toHaveAttribute('src', c.challenge.imageSrc);
    await user.click(screen.getByRole('button', { name: 'Show another picture' }));
    expect(c.challenge.refresh).toHaveBeenCalledTimes(1);
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

  test('a text question instead: its words label the answer field, a missing answer is announced in words, and the answer is sent', async () => {
    const challenge: CaptchaChallengeState = { ...picture(), format: 'text', id: 'q1', imageSrc: null, question: QUESTION };
    const { onSave, user } = setup({ challenge });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    const answer = screen.getByRole('textbox', { name: QUESTION });
    expect(answer).toHaveAccessibleDescription('Type the answer as a number, in digits or in words.');
    await user.click(answer);
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Please type your answer to the question.');
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    await user.type(answer, 'eleven');
    await user.tab();
    await wait(150);
    expect(onSave).toHaveBeenCalledWith({}, 'eleven');
    await user.click(screen.getByRole('button', { name: 'Ask another question' }));
    expect(challenge.refresh).toHaveBeenCalledTimes(1);
  });

  test('switching to the question with the keyboard empties the field and forgets the code without leaving the page; the question takes the focus', async () => {
    const onSwitch = jest.fn();
    /** Plays the hook's part: the switch shows the other format, already loaded. */
    function Switchable() {
      const [format, setFormat] = useState<'image' | 'text'>('image');
      const challenge: CaptchaChallengeState =
        format === 'image'
          ? { ...picture(), switchFormat: () => setFormat('text') }
          : { ...picture(), format: 'text', id: 'q1', imageSrc: null, question: QUESTION, switched: true, switchFormat: () => setFormat('image') };
      return <ArtistProfileForm profile={profile} onSave={async () => undefined} captcha={{ challenge, onSwitch, error: format === 'image' ? 'The characters do not match the image. Please try again.' : null }} />;
    }
    render(
      <MemoryRouter initialEntries={['/on-boarding']}>
        <Switchable />
        <Where />
      </MemoryRouter>,
    );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(screen.getByLabelText('Characters in the picture'), 'K7QX3');
    expect(window.localStorage.getItem(STORAGE_KEYS.captchaCode)).toBe('K7QX3');

    const toQuestion = screen.getByRole('button', { name: 'Answer a text question instead' });
    while (document.activeElement !== toQuestion) await user.tab();
    await user.keyboard('{Enter}');
    const answer = screen.getByRole('textbox', { name: QUESTION });
    expect(answer).toHaveFocus();
    expect(answer).toHaveValue('');
    expect(onSwitch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.captchaCode)).toBeNull();
    expect(screen.getByLabelText('Location')).toHaveTextContent(/^\/on-boarding$/);

    await user.click(screen.getByRole('button', { name: 'Type the characters in a picture instead' }));
    expect(screen.getByLabelText('Characters in the picture')).toHaveValue('');
  });
});
