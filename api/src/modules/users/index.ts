/** Accounts: sign-up, profile, settings, email verification, deletion. */
import type { CadenceModule } from '../../module.ts';
import './users.schema.ts';
import { usersRouter } from './users.rest.ts';

export default { name: 'users', router: usersRouter } satisfies CadenceModule;
