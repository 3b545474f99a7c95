/** Events the browser app reports (page views, in-app message statistics). */
import type { CadenceModule } from '../../module.ts';
import './tracking.schema.ts';
import { trackingRouter } from './tracking.rest.ts';
import './tracking.openapi.ts';

export default { name: 'tracking', router: trackingRouter } satisfies CadenceModule;
