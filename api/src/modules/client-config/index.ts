/** The client configuration the browser app reads at boot. */
import type { CadenceModule } from '../../module.ts';
import './client-config.schema.ts';
import { clientConfigRouter } from './client-config.rest.ts';
import './client-config.openapi.ts';

export default { name: 'client-config', router: clientConfigRouter } satisfies CadenceModule;
