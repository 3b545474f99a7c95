/** The double-entry ledger (ledger.service.ts): the one way money moves. No transport of its own. */
import type { CadenceModule } from '../../module.ts';

export default { name: 'ledger' } satisfies CadenceModule;
