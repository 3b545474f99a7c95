import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Spinner } from '../../../ui/Spinner';
import { graphqlErrorInfo } from '../../../lib/graphql-errors';
import { clearLock } from '../../../lib/session';
import { UnlockAccountMutation } from '../../../lib/captcha/captcha.graphql';
import { Button } from '../../../ui/Button';

export interface UnlockLinkStatusProps {
  /** The ?unlock= value of the mailed link. */
  token: string;
  navigate: (to: string) => void;
  onUnlocked: () => void;
}

/** Redeems a mailed unlock link once, when /captcha?unlock=<token> opens, and says how it went. */
export function UnlockLinkStatus({ token, navigate, onUnlocked }: UnlockLinkStatusProps) {
  const [unlock] = useMutation(UnlockAccountMutation);
  const [state, setState] = useState<{ kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string }>({ kind: 'working' });
  // A link works once: a second effect run (React's development double render) must not send it again.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    unlock({ variables: { input: { token } } }).then(
      () => {
        setState({ kind: 'done' });
        onUnlocked();
      },
      (error: unknown) => setState({ kind: 'failed', message: graphqlErrorInfo(error).message }),
    );
  }, [unlock, token, onUnlocked]);

  if (state.kind === 'working') return <Spinner label="Checking the unlock link" />;
  if (state.kind === 'failed') return <ErrorMessage>{`${state.message} You can still unlock your account below.`}</ErrorMessage>;
  return (
    <div className="captcha__unlocked">
      <p role="status">Your account is unlocked.</p>
      <Button onClick={() => navigate(clearLock())}>
        Continue
      </Button>
    </div>
  );
}
