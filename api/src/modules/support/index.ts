/** The support area: finding users and acting as one. */
import type { CadenceModule } from '../../module.ts';
import './support.schema.ts';

export default { name: 'support' } satisfies CadenceModule;
