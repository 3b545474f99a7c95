/** In-app messages written by support and shown in the shell. */
import type { CadenceModule } from '../../module.ts';
import './in-app-messages.schema.ts';
import { inAppMessagesRouter } from './in-app-messages.rest.ts';
import './in-app-messages.openapi.ts';

export default { name: 'in-app-messages', router: inAppMessagesRouter } satisfies CadenceModule;
