import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { CreateCaptchaChallengeMutation } from '../captcha/captcha.graphql';

// Not imported from the /captcha page: that would pull a lazy route into the sign-up dialog's bundle.
const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export interface CaptchaChallengeState {
  /** The challenge the typed code answers; null while loading or after a failed load. */
  id: string | null;
  /** The picture as an <img> source (the server's SVG as a data: URL). */
  imageSrc: string | null;
  loadFailed: boolean;
  /** Asks the server for a new picture (a used or mistyped challenge cannot be answered again). */
  refresh: () => Promise<void>;
}

/**
 * A self-hosted captcha challenge of `type`, created when `enabled` turns on; the server keeps the
 * answer, so the browser only ever holds the id and the picture.
 */
export function useCaptchaChallenge(type: 'signup' | 'unlock', enabled: boolean): CaptchaChallengeState {
  const [create] = useMutation(CreateCaptchaChallengeMutation);
  const [challenge, setChallenge] = useState<{ id: string; svg: string } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const refresh = useCallback(async () => {
    try {
      const result = await create({ variables: { type } });
      setChallenge(result.data?.createCaptchaChallenge ?? null);
      setLoadFailed(false);
    } catch {
      setChallenge(null);
      setLoadFailed(true);
    }
  }, [create, type]);

  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled, refresh]);

  return { id: challenge?.id ?? null, imageSrc: challenge ? svgDataUrl(challenge.svg) : null, loadFailed, refresh };
}
