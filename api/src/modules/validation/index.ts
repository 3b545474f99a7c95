/** The durable job that validates a submitted release's files and metadata. */
import type { CadenceModule } from '../../module.ts';
import { releaseJobHandlers } from './validation.job.ts';

export default { name: 'validation', jobs: releaseJobHandlers } satisfies CadenceModule;
