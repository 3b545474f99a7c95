/** Accounts: sign-up, profile, settings, email verification, deletion. */
import type { CadenceModule } from '../../module.ts';
import './users.schema.ts';
import { usersRouter } from './users.rest.ts';
import './users.openapi.ts';

export default {
  name: 'users',
  router: usersRouter,
  // A used link token answers exactly like an unknown one ('expired or was already used').
  prune: [{ name: 'emailTokens', table: 'email_tokens', dead: 'expires_at < $1 OR used_at IS NOT NULL' }],
} satisfies CadenceModule;
