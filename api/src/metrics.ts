/**
 * Prometheus metrics (prom-client), one registry per app so several apps in one test process do
 * not collide. Request-time series are written by the HTTP middleware and the GraphQL plugin;
 * what lives in the database (jobs, deliveries, payouts, imports, mail) is counted at scrape time
 * by collectors that modules add (`CadenceModule.metrics`).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  graphqlDuration: Histogram<'operation' | 'type'>;
  errors: Counter<'transport' | 'code'>;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A fresh registry with the process metrics and the request histograms. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'cadence_' });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'cadence_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: SECONDS,
      registers: [registry],
    }),
    graphqlDuration: new Histogram({
      name: 'cadence_graphql_operation_duration_seconds',
      help: 'GraphQL operations by operation name and type.',
      labelNames: ['operation', 'type'],
      buckets: SECONDS,
      registers: [registry],
    }),
    errors: new Counter({
      name: 'cadence_errors_total',
      help: 'Error answers: GraphQL errors by extensions.code, HTTP answers of 400 and above by status.',
      labelNames: ['transport', 'code'],
      registers: [registry],
    }),
  };
}

/**
 * A gauge whose value is read at scrape time; `collect` answers rows of labels and a value, and the
 * gauge is reset first so series that went away disappear.
 */
export function scrapeGauge<L extends string>(
  registry: Registry,
  opts: { name: string; help: string; labelNames: readonly L[]; collect: () => Promise<{ labels: Record<L, string>; value: number }[]> },
): Gauge<L> {
  return new Gauge<L>({
    name: opts.name,
    help: opts.help,
    labelNames: opts.labelNames,
    registers: [registry],
    async collect() {
      const rows = await opts.collect();
      this.reset();
      for (const row of rows) this.set(row.labels as never, row.value);
    },
  });
}
