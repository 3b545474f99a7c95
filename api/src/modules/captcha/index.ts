/** Challenges at sign-up and for locked accounts, and the emailed unlock link. */
import type { CadenceModule } from '../../module.ts';
import './captcha.schema.ts';
import { captchaRouter } from './captcha.rest.ts';

export default {
  name: 'captcha',
  router: captchaRouter,
  // Expired challenges (solved ones included): an answer is refused after expiry anyway.
  prune: [{ name: 'captchaChallenges', table: 'captcha_challenges', dead: 'expires_at < $1' }],
} satisfies CadenceModule;
