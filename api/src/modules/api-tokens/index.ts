/** Personal API tokens for scripts and partners. */
import type { CadenceModule } from '../../module.ts';
import './api-tokens.schema.ts';

export default { name: 'api-tokens' } satisfies CadenceModule;
