/** The operations console (issue 14): staff review of releases, accounts and the audit log. */
import type { CadenceModule } from '../../module.ts';
import './console.schema.ts';
import './console.openapi.ts';
import { consoleRouter } from './console.rest.ts';

export default { name: 'console', router: consoleRouter } satisfies CadenceModule;
