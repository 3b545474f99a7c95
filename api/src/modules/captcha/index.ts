/** Challenges at sign-up and for locked accounts, and the emailed unlock link. */
import type { CadenceModule } from '../../module.ts';
import './captcha.schema.ts';
import { captchaRouter } from './captcha.rest.ts';
import './captcha.openapi.ts';

export default {
  name: 'captcha',
  router: captchaRouter,
  // Used challenges past their expiry: an expired challenge is refused anyway, so no replay guard is needed.
  prune: [{ name: 'captchaChallenges', table: 'used_captcha_challenges', dead: 'expires_at < $1' }],
} satisfies CadenceModule;
