import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { Form } from 'react-final-form';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Spinner } from '../../ui/Spinner';
import { graphqlErrorInfo } from '../account/graphql-errors';
import { TextField } from '../account/TextField';
import { clearLock, lockedUsername } from '../auth/session';
import { CreateCaptchaChallengeMutation, CreateCaptchaQuestionMutation, SolveCaptchaMutation } from './captcha.graphql';

/** 'image': characters in a picture; 'text': a question in words, for people who cannot see the picture. */
export type ChallengeFormat = 'image' | 'text';

type Shown = { id: string; imageSrc: string; question?: undefined } | { id: string; question: string; imageSrc?: undefined };

/** The server's SVG as an image source (no third-party captcha service). */
const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const WORDING = {
  image: {
    loading: 'Loading the picture',
    loadFailed: 'We could not load the picture. Please try again.',
    another: 'Show another picture',
    required: 'Please type the characters',
    notRight: 'That was not right. Please try the new picture.',
  },
  text: {
    loading: 'Loading the question',
    loadFailed: 'We could not load the question. Please try again.',
    another: 'Ask another question',
    required: 'Please type your answer',
    notRight: 'That was not right. Please try the new question.',
  },
} as const;

export interface UnlockChallengeFormProps {
  format: ChallengeFormat;
  navigate: (to: string) => void;
  /** Puts the cursor in the answer once the challenge shows (after the person switched format). */
  focusOnLoad?: boolean;
}

/**
 * One 'unlock' challenge, a picture or a question, each made on the server: one on arrival, a new
 * one on request or after a wrong answer. Solved, the lock is forgotten and the wanted URL opens.
 */
export function UnlockChallengeForm({ format, navigate, focusOnLoad = false }: UnlockChallengeFormProps) {
  const [createPicture] = useMutation(CreateCaptchaChallengeMutation);
  const [createQuestion] = useMutation(CreateCaptchaQuestionMutation);
  const [solve] = useMutation(SolveCaptchaMutation);
  const [challenge, setChallenge] = useState<Shown | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const words = WORDING[format];

  const refresh = useCallback(async () => {
    try {
      if (format === 'image') {
        const picture = (await createPicture({ variables: { type: 'unlock' } })).data?.createCaptchaChallenge;
        setChallenge(picture ? { id: picture.id, imageSrc: svgDataUrl(picture.svg) } : null);
      } else {
        const question = (await createQuestion()).data?.createCaptchaQuestion;
        setChallenge(question ? { id: question.id, question: question.question } : null);
      }
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, [format, createPicture, createQuestion]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  if (loadFailed) return <ErrorMessage>{words.loadFailed}</ErrorMessage>;
  if (!challenge) return <Spinner label={words.loading} />;
  return (
    <Form<{ code: string }>
      onSubmit={async ({ code }, form) => {
        setFailure(null);
        try {
          const { data: answer } = await solve({ variables: { id: challenge.id, code: code.trim(), type: 'unlock', username: lockedUsername() } });
          if (answer?.solveCaptcha.solved) {
            navigate(clearLock());
            return;
          }
          setFailure(words.notRight);
        } catch (error) {
          setFailure(graphqlErrorInfo(error).message);
        }
        await refresh();
        // A new challenge needs a new answer: empty the field, once this submit is over, without
        // flagging it as a mistake (errors wait for the next submit).
        setTimeout(() => form.restart());
      }}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Security check">
          {challenge.imageSrc !== undefined && (
            <img className="captcha__image" src={challenge.imageSrc} alt="Characters to type, distorted so that programs cannot read them" width={240} height={80} />
          )}
          <button type="button" className="link-button" onClick={() => void refresh()}>
            {words.another}
          </button>
          {challenge.question !== undefined ? (
            // The question is the field's label, so a screen reader reads it on arriving in the field.
            <TextField
              name="code"
              label={challenge.question}
              hint="Type the answer as a number, in digits or in words."
              autoComplete="off"
              spellCheck={false}
              autoFocus={focusOnLoad}
              errorsAfterSubmit
              validate={(v) => (typeof v === 'string' && v.trim() ? undefined : words.required)}
            />
          ) : (
            <TextField
              name="code"
              label="Characters in the picture"
              autoComplete="off"
              autoCapitalize="characters"
              autoFocus={focusOnLoad}
              errorsAfterSubmit
              validate={(v) => (typeof v === 'string' && v.trim() ? undefined : words.required)}
            />
          )}
          {failure && <ErrorMessage>{failure}</ErrorMessage>}
          <button className="button" type="submit" disabled={submitting}>
            Continue
          </button>
        </form>
      )}
    />
  );
}
