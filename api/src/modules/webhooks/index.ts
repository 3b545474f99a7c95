/** Webhooks for partners: endpoints, signed durable deliveries, the delivery log (issue 18). */
import type { CadenceModule } from '../../module.ts';
import './webhooks.schema.ts';
import './webhooks.openapi.ts';
import { webhooksRouter } from './webhooks.rest.ts';
import { DELIVER_JOB, deliverWebhook } from './webhooks.service.ts';

export default {
  name: 'webhooks',
  router: webhooksRouter,
  jobs: (deps) => ({ [DELIVER_JOB]: (payload, job) => deliverWebhook(deps, payload, job) }),
  // The delivery log keeps 30 days.
  prune: [{ name: 'webhookDeliveries', table: 'webhook_deliveries', dead: 'created_at < $1', keepMs: 30 * 86_400_000 }],
} satisfies CadenceModule;
