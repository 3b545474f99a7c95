/** Sign-in, sessions and API-token authentication: the one request authenticator. */
import type { CadenceModule } from '../../module.ts';
import type { RequestAuthenticator } from '../../http/auth.ts';
import './auth.schema.ts';
import { bindHttp } from './http-binding.ts';
import { SESSION_COOKIE, resolveApiToken, resolveSession } from './session.service.ts';

const authenticator: RequestAuthenticator = {
  sessionCookie: SESSION_COOKIE,
  bind: bindHttp,
  fromApiToken: (ctx, token) => resolveApiToken(ctx.prisma, token),
  fromSession: (ctx, token) => resolveSession(ctx, token),
};

export default { name: 'auth', authenticator } satisfies CadenceModule;
