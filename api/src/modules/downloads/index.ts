/** Download links for a release's files and the account archive. */
import type { CadenceModule } from '../../module.ts';
import './downloads.schema.ts';

export default { name: 'downloads' } satisfies CadenceModule;
