/** Plans and payments: the plan list, purchases by card, PayPal or balance, promo codes, auto-renew and renewals. */
import type { CadenceModule } from '../../module.ts';
import './plans.schema.ts';
import './plans.openapi.ts';
import { plansRouter } from './plans.rest.ts';
import { plansJobHandlers, schedulePlanSweeps } from './plans.jobs.ts';

export default {
  name: 'plans',
  router: plansRouter,
  jobs: ({ prisma, config, logger }) => plansJobHandlers({ prisma, config, logger: logger.child({ component: 'plans' }) }),
  onStart: ({ prisma }) => schedulePlanSweeps(prisma),
} satisfies CadenceModule;
