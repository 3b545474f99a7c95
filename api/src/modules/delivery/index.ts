/** Delivery to stores: DDEX ERN 4.3 messages per release and store, store endpoints, and the DELIVERED / LIVE / TAKEDOWN_COMPLETED moves. */
import type { CadenceModule } from '../../module.ts';
import './delivery.schema.ts';
import { deliveryRouter } from './delivery.rest.ts';
import { deliveryJobHandlers, scheduleDeliveryJobs } from './delivery.jobs.ts';
import { scheduleDemoDelivery } from './demo-delivery.ts';
import './delivery.openapi.ts';

export default {
  name: 'delivery',
  router: deliveryRouter,
  jobs: ({ prisma, config, logger }) => deliveryJobHandlers({ prisma, config, logger: logger.child({ component: 'delivery' }) }),
  onStart: async ({ prisma, config, logger }) => {
    await scheduleDeliveryJobs(prisma);
    // With demo data, one approved single shows the chain: delivered to DATA_DIR/deliveries, then LIVE.
    await scheduleDemoDelivery({ prisma, config, logger });
  },
} satisfies CadenceModule;
