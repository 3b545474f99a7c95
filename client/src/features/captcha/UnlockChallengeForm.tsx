import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { graphqlErrorInfo } from '../../lib/graphql-errors';
import { CaptchaField } from '../../lib/captcha/CaptchaField';
import { clearLock, lockedUsername } from '../../lib/session';
import { useCaptchaChallenge } from '../../lib/captcha/useCaptchaChallenge';
import { SolveCaptchaMutation } from '../../lib/captcha/captcha.graphql';

const NOT_RIGHT = {
  image: 'That was not right. Please try the new picture.',
  text: 'That was not right. Please try the new question.',
} as const;

export interface UnlockChallengeFormProps {
  navigate: (to: string) => void;
}

/**
 * One 'unlock' challenge, a picture or (on request) a question, each made on the server: one on
 * arrival, a new one on request or after a wrong answer. Solved, the lock is forgotten and the
 * wanted URL opens. The challenge itself is the CaptchaField that sign-up and on-boarding show too.
 */
export function UnlockChallengeForm({ navigate }: UnlockChallengeFormProps) {
  const challenge = useCaptchaChallenge('unlock', true);
  const [solve] = useMutation(SolveCaptchaMutation);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <Form<{ code: string }>
      onSubmit={async ({ code }, form) => {
        if (!challenge.id) return;
        setFailure(null);
        try {
          const { data: answer } = await solve({ variables: { id: challenge.id, code: code.trim(), type: 'unlock', username: lockedUsername() } });
          if (answer?.solveCaptcha.solved) {
            navigate(clearLock());
            return;
          }
          setFailure(NOT_RIGHT[challenge.format]);
        } catch (error) {
          setFailure(graphqlErrorInfo(error).message);
        }
        await challenge.refresh();
        // A new challenge needs a new answer: empty the field, once this submit is over, without
        // flagging it as a mistake (errors wait for the next submit).
        setTimeout(() => form.restart());
      }}
      render={({ handleSubmit, submitting, form }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Security check">
          <p>{challenge.format === 'image' ? 'Type the characters you see in the picture to continue.' : 'Answer the question to continue.'}</p>
          <CaptchaField
            name="code"
            challenge={challenge}
            errorsAfterSubmit onSwitch={() => {
              // The other format starts afresh: no message about the previous challenge, no failed submit.
              setFailure(null);
              form.restart();
            }}
          />
          {failure && <ErrorMessage>{failure}</ErrorMessage>}
          <button className="button" type="submit" disabled={submitting}>
            Continue
          </button>
        </form>
      )}
    />
  );
}
