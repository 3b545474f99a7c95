/** Audio and cover uploads into the storage. */
import type { CadenceModule } from '../../module.ts';
import './uploads.schema.ts';

export default { name: 'uploads' } satisfies CadenceModule;
