/** Sign-in, sessions and API-token authentication: the one request authenticator. */
import type { CadenceModule } from '../../module.ts';
import type { RequestAuthenticator } from '../../http/auth.ts';
import './auth.schema.ts';
import { bindHttp, requestMeta } from './http-binding.ts';
import { SESSION_COOKIE, resolveApiToken, resolveSession } from './session.service.ts';

const authenticator: RequestAuthenticator = {
  sessionCookie: SESSION_COOKIE,
  bind: bindHttp,
  fromApiToken: (ctx, token) => resolveApiToken(ctx.prisma, token, new Date(), requestMeta(ctx).ip),
  fromSession: (ctx, token) => resolveSession(ctx, token),
};

export default {
  name: 'auth',
  authenticator,
  // idle_expires_at never passes expires_at, so it covers both expiries; a revoked session goes with it.
  prune: [{ name: 'sessions', table: 'sessions', dead: 'idle_expires_at < $1' }],
} satisfies CadenceModule;
