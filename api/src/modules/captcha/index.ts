/** Challenges at sign-up and for locked accounts, and the emailed unlock link. */
import type { CadenceModule } from '../../module.ts';
import './captcha.schema.ts';
import { captchaRouter } from './captcha.rest.ts';

export default { name: 'captcha', router: captchaRouter } satisfies CadenceModule;
