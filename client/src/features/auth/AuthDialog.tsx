import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Dialog } from '../../ui/Dialog';
import { reloadAt } from '../../lib/session';
import { noteSessionStarted } from '../../lib/session-hint';
import { SignInForm, type SignInOutcome } from './SignInForm';
import { SignUpForm, type SignUpOutcome } from './SignUpForm';
import { Button } from '../../ui/Button';

/** The query value that opens the dialog on sign-in (core §2) and the one for sign-up. */
export const LOGIN_PARAM = 'login';
export type AuthMode = 'login' | 'signup';

export interface AuthDialogProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
  /** Follows a finished sign-in or sign-up; the app reloads at the target so every cache starts fresh. */
  navigate?: (to: string) => void;
}

/** The sign-in / sign-up modal: focus stays inside, Escape closes it and focus returns to where it was. */
export function AuthDialog({ mode, onModeChange, onClose, navigate = reloadAt }: AuthDialogProps) {
  // A page loaded without a session asked nobody who is signed in: now someone is (lib/session-hint.ts).
  const onSignIn = (outcome: SignInOutcome) => {
    if (outcome.kind === 'signed-in') {
      noteSessionStarted();
      navigate(outcome.to);
    } else navigate(outcome.kind === 'locked' ? '/captcha' : '/disabled');
  };
  const onSignUp = (outcome: SignUpOutcome) => {
    if (outcome.kind === 'signed-up') noteSessionStarted();
    navigate(outcome.kind === 'signed-up' ? '/on-boarding' : '/disabled');
  };
  return (
    <Dialog title={mode === 'login' ? 'Sign in' : 'Create your account'} onClose={onClose} className="auth-dialog">
      {mode === 'login' ? <SignInForm onOutcome={onSignIn} /> : <SignUpForm onOutcome={onSignUp} />}
      <p>
        {mode === 'login' ? 'New here? ' : 'Already have an account? '}
        <Button variant="link" onClick={() => onModeChange(mode === 'login' ? 'signup' : 'login')}>
          {mode === 'login' ? 'Create an account' : 'Sign in'}
        </Button>
      </p>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}

/** Opens the dialog when the URL asks for it (`?login=login` or `?login=signup`) and closes it by dropping the parameter. */
export function AuthDialogHost() {
  const [params, setParams] = useSearchParams();
  // Opened only once the page is live: a server-rendered form would drop what is typed before hydration.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const value = params.get(LOGIN_PARAM);
  if (!live || (value !== 'login' && value !== 'signup')) return null;
  const setMode = (mode: AuthMode) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(LOGIN_PARAM, mode);
      return next;
    });
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(LOGIN_PARAM);
      return next;
    });
  return <AuthDialog mode={value} onModeChange={setMode} onClose={close} />;
}
