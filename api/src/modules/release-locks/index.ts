/** Editor locks that warn when two people edit one release. */
import type { CadenceModule } from '../../module.ts';
import './release-locks.schema.ts';
import { releaseLocksRouter } from './release-locks.rest.ts';
import './release-locks.openapi.ts';

export default { name: 'release-locks', router: releaseLocksRouter } satisfies CadenceModule;
