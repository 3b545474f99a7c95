import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CreateCaptchaChallengeMutation, CreateCaptchaQuestionMutation } from './captcha.graphql';

// Not imported from the /captcha page: that would pull a lazy route into the sign-up dialog's bundle.
const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** 'image': characters in a picture; 'text': a question in words, for people who cannot see the picture. */
export type CaptchaFormat = 'image' | 'text';

type Challenge = { format: 'image'; id: string; imageSrc: string } | { format: 'text'; id: string; question: string };

export interface CaptchaChallengeState {
  format: CaptchaFormat;
  /** The challenge the typed answer goes with; null while loading or after a failed load. */
  id: string | null;
  /** The picture as an <img> source (the server's SVG as a data: URL), in the 'image' format. */
  imageSrc: string | null;
  /** The question in words, in the 'text' format. */
  question: string | null;
  loadFailed: boolean;
  /** The person switched format, so the answer field takes the focus once it shows. */
  switched: boolean;
  /** Asks the server for another challenge of the same format (a used or wrong one cannot be answered again). */
  refresh: () => Promise<void>;
  /** Changes to the other format, with a new challenge. */
  switchFormat: () => void;
}

/**
 * A self-hosted captcha challenge of `type`, created when `enabled` turns on: a picture, or on
 * request a text question instead. The server keeps the answer, so the browser only ever holds the
 * id and what to show.
 */
export function useCaptchaChallenge(type: 'signup' | 'unlock', enabled: boolean): CaptchaChallengeState {
  const [createPicture] = useMutation(CreateCaptchaChallengeMutation);
  const [createQuestion] = useMutation(CreateCaptchaQuestionMutation);
  const [format, setFormat] = useState<CaptchaFormat>('image');
  const [switched, setSwitched] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // Only the newest request's answer counts (a quick switch and back must not show the old format).
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const request = ++latest.current;
    try {
      let next: Challenge | null = null;
      if (format === 'image') {
        const picture = (await createPicture({ variables: { type } })).data?.createCaptchaChallenge;
        if (picture) next = { format, id: picture.id, imageSrc: svgDataUrl(picture.svg) };
      } else {
        const asked = (await createQuestion({ variables: { type } })).data?.createCaptchaQuestion;
        if (asked) next = { format, id: asked.id, question: asked.question };
      }
      if (request !== latest.current) return;
      setChallenge(next);
      setLoadFailed(false);
    } catch {
      if (request !== latest.current) return;
      setChallenge(null);
      setLoadFailed(true);
    }
  }, [format, type, createPicture, createQuestion]);

  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled, refresh]);

  const switchFormat = useCallback(() => {
    setChallenge(null);
    setLoadFailed(false);
    setSwitched(true);
    setFormat((current) => (current === 'image' ? 'text' : 'image'));
  }, []);

  return {
    format,
    id: challenge?.id ?? null,
    imageSrc: challenge?.format === 'image' ? challenge.imageSrc : null,
    question: challenge?.format === 'text' ? challenge.question : null,
    loadFailed,
    switched,
    refresh,
    switchFormat,
  };
}
