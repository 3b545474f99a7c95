/** Releases: drafts, editing, status rules, submission and take-down; transfers and catalogue imports (issue 23). */
import type { CadenceModule } from '../../module.ts';
import './releases.schema.ts';
import './transfer.schema.ts';
import './catalog-import.schema.ts';
import './releases.openapi.ts';
import { releasesRouter } from './releases.rest.ts';
import { giveDemoReleasesCovers } from './demo-covers.ts';
import { CATALOG_IMPORT_JOB, catalogImportJob } from './catalog-import.service.ts';

export default {
  name: 'releases',
  router: releasesRouter,
  onStart: giveDemoReleasesCovers,
  jobs: (deps) => ({ [CATALOG_IMPORT_JOB]: catalogImportJob(deps) }),
} satisfies CadenceModule;
