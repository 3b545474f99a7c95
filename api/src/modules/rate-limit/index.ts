/** Rate limits counted in the database, so every API process shares them. */
import type { CadenceModule } from '../../module.ts';

export default {
  name: 'rate-limit',
  // A window that has ended no longer counts (rate-limit.service reads only the current one).
  prune: [{ name: 'rateLimitBuckets', table: 'rate_limit_buckets', dead: 'expires_at < $1' }],
} satisfies CadenceModule;
