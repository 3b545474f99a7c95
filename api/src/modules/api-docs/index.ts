/** The REST API reference: /api/openapi.json and /api/docs (issue 18). */
import type { CadenceModule } from '../../module.ts';
import './api-docs.openapi.ts';
import { apiDocsRouter } from './api-docs.rest.ts';

export default { name: 'api-docs', router: apiDocsRouter } satisfies CadenceModule;
