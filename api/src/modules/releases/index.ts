/** Releases: drafts, editing, status rules, submission and take-down. */
import type { CadenceModule } from '../../module.ts';
import './releases.schema.ts';
import { releasesRouter } from './releases.rest.ts';
import { giveDemoReleasesCovers } from './demo-covers.ts';

export default { name: 'releases', router: releasesRouter, onStart: giveDemoReleasesCovers } satisfies CadenceModule;
