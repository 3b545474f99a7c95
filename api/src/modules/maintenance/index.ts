/** Hourly pruning of rows and files that can no longer be used. */
import type { CadenceModule } from '../../module.ts';
import { maintenanceJobHandlers, schedulePruning } from './prune.job.ts';

export default {
  name: 'maintenance',
  jobs: ({ prisma, logger }) => maintenanceJobHandlers({ prisma, logger: logger.child({ component: 'jobs' }) }),
  // Idempotent: with several processes, still one pruning run pending.
  onStart: ({ prisma }) => schedulePruning(prisma),
} satisfies CadenceModule;
