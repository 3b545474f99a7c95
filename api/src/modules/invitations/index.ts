/** Invitations to join an account. */
import type { CadenceModule } from '../../module.ts';
import './invitations.schema.ts';
import { invitationsRouter } from './invitations.rest.ts';
import './invitations.openapi.ts';

export default { name: 'invitations', router: invitationsRouter } satisfies CadenceModule;
