/** Hourly pruning of rows and files that can no longer be used. */
import type { CadenceModule } from '../../module.ts';
import { maintenanceJobHandlers, schedulePruning } from './prune.job.ts';
import { FINISHED_JOBS } from './prune.service.ts';
import { removeStaleTempFiles } from './temp-files.service.ts';

export default {
  name: 'maintenance',
  prune: FINISHED_JOBS,
  // With the configuration, each run also removes temp upload files a crash left behind.
  jobs: ({ prisma, logger, config, pruneTasks }) => maintenanceJobHandlers({ prisma, logger: logger.child({ component: 'jobs' }), tasks: pruneTasks, config }),
  onStart: ({ prisma, config, logger }) => {
    // Temp upload files a crash left behind, in the background (the hourly run removes them too).
    removeStaleTempFiles(config).then(
      (removed) => logger.info('stale temp files removed', { ...removed }),
      (err: unknown) => logger.warn('stale temp files not removed', { err: err as Error }),
    );
    // Idempotent: with several processes, still one pruning run pending.
    return schedulePruning(prisma);
  },
} satisfies CadenceModule;
