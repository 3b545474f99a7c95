/** Hourly pruning of rows and files that can no longer be used. */
import type { CadenceModule } from '../../module.ts';
import { maintenanceJobHandlers, schedulePruning } from './prune.job.ts';
import { FINISHED_JOBS } from './prune.service.ts';

export default {
  name: 'maintenance',
  prune: FINISHED_JOBS,
  jobs: ({ prisma, logger, pruneTasks }) => maintenanceJobHandlers({ prisma, logger: logger.child({ component: 'jobs' }), tasks: pruneTasks }),
  // Idempotent: with several processes, still one pruning run pending.
  onStart: ({ prisma }) => schedulePruning(prisma),
} satisfies CadenceModule;
