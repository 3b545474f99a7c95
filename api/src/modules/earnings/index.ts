/** Earnings: balance, statement, withdrawals through the payout provider, PayPal linking, tax gate. */
import type { CadenceModule } from '../../module.ts';
import './earnings.schema.ts';
import './earnings.openapi.ts';
import { earningsRouter, rawWebhookBody } from './earnings.rest.ts';
import { payoutJobHandlers, schedulePolling } from './payouts.service.ts';

export default {
  name: 'earnings',
  router: earningsRouter,
  // The webhook's signature is over its raw bytes, so they are kept before the JSON parser runs.
  apiMiddleware: rawWebhookBody,
  jobs: ({ prisma, config, logger }) => payoutJobHandlers({ prisma, config, logger: logger.child({ component: 'payouts' }) }),
  onStart: ({ prisma, config }) => schedulePolling(prisma, config),
} satisfies CadenceModule;
