/** Delivery to stores: DDEX ERN 4.3 messages per release and store, store endpoints, and the DELIVERED / LIVE / TAKEDOWN_COMPLETED moves. */
import type { CadenceModule } from '../../module.ts';
import './delivery.schema.ts';
import { deliveryRouter } from './delivery.rest.ts';
import { deliveryJobHandlers, scheduleDeliveryJobs } from './delivery.jobs.ts';

export default {
  name: 'delivery',
  router: deliveryRouter,
  jobs: ({ prisma, config, logger }) => deliveryJobHandlers({ prisma, config, logger: logger.child({ component: 'delivery' }) }),
  onStart: ({ prisma }) => scheduleDeliveryJobs(prisma),
} satisfies CadenceModule;
