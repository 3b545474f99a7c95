/** The support area: finding users and acting as one. */
import type { CadenceModule } from '../../module.ts';
import './support.schema.ts';
import { actingAuditMiddleware, actingAuditPlugin } from './acting-audit.ts';

// Every write made while acting as a user is audited, naming both people, on both transports.
export default { name: 'support', graphqlPlugin: actingAuditPlugin, apiMiddleware: actingAuditMiddleware } satisfies CadenceModule;
