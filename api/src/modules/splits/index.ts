/** Royalty splits: versions per release or track, invitations by email, pending accruals (issue #16). */
import type { CadenceModule } from '../../module.ts';
import './splits.schema.ts';
import './splits.openapi.ts';
import { splitsRouter } from './splits.rest.ts';

export default {
  name: 'splits',
  router: splitsRouter,
} satisfies CadenceModule;
