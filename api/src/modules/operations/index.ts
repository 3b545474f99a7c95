/** Operations (issue 24): the staff system page, the server-error ring and the database gauges of /metrics. */
import type { CadenceModule } from '../../module.ts';
import './operations.schema.ts';
import { registerOperationsMetrics } from './operations.metrics.ts';

export default {
  name: 'operations',
  metrics: registerOperationsMetrics,
} satisfies CadenceModule;
