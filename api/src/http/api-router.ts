/** The legacy REST API mounted at /api: each module contributes its router. */
import { Router } from 'express';
import { dictionaryRouter } from '../modules/dictionary/dictionary.rest.ts';
import { clientConfigRouter } from '../modules/client-config/client-config.rest.ts';
import { releasesRouter } from '../modules/releases/releases.rest.ts';
import { tracksRouter } from '../modules/tracks/tracks.rest.ts';
import { artistsRouter } from '../modules/artists/artists.rest.ts';
import { releaseLocksRouter } from '../modules/release-locks/release-locks.rest.ts';
import { inAppMessagesRouter } from '../modules/in-app-messages/in-app-messages.rest.ts';
import { usersRouter } from '../modules/users/users.rest.ts';
import { trackingRouter } from '../modules/tracking/tracking.rest.ts';
import { invitationsRouter } from '../modules/invitations/invitations.rest.ts';
import { captchaRouter } from '../modules/captcha/captcha.rest.ts';
import { mailRouter } from '../modules/mail/mail.rest.ts';

export function apiRouter(): Router {
  const r = Router();
  r.use(dictionaryRouter());
  r.use(clientConfigRouter());
  r.use(releasesRouter());
  r.use(tracksRouter());
  r.use(artistsRouter());
  r.use(releaseLocksRouter());
  r.use(inAppMessagesRouter());
  r.use(usersRouter());
  r.use(trackingRouter());
  r.use(invitationsRouter());
  r.use(captchaRouter());
  r.use(mailRouter());
  return r;
}
