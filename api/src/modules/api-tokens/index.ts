/** Personal API tokens for scripts and partners: scopes, limits and their gates on both transports. */
import type { CadenceModule } from '../../module.ts';
import './api-tokens.schema.ts';
import { tokenGate, tokenScopePlugin } from './token-gate.ts';

export default { name: 'api-tokens', requestMiddleware: tokenGate, graphqlPlugin: tokenScopePlugin } satisfies CadenceModule;
