/** Sales and analytics: report import (staff, command line, durable job), the sales and trends reads. */
import type { CadenceModule } from '../../module.ts';
import './sales.schema.ts';
import './sales.openapi.ts';
import { salesRouter } from './sales.rest.ts';
import { SALES_IMPORT_JOB, salesImportJob } from './sales-jobs.ts';

export default {
  name: 'sales',
  router: salesRouter,
  jobs: (deps) => ({ [SALES_IMPORT_JOB]: salesImportJob(deps) }),
} satisfies CadenceModule;
