/** Scrape-time gauges of what lives in the database: jobs, deliveries, sales imports, payouts, mail. */
import type { Registry } from 'prom-client';
import type { SqlRunner } from '../../db/database.ts';
import { scrapeGauge } from '../../metrics.ts';

const n = (v: unknown) => Number(v);

/** Registers the gauges; each scrape runs one grouped count per table. */
export function registerOperationsMetrics(registry: Registry, sql: SqlRunner): void {
  scrapeGauge(registry, {
    name: 'cadence_jobs',
    help: 'Durable jobs by kind (job name) and status.',
    labelNames: ['kind', 'status'],
    collect: async () =>
      (await sql.query<{ name: string; status: string; n: unknown }>(`SELECT name, status::text AS status, count(*) AS n FROM jobs GROUP BY 1, 2`)).map((r) => ({
        labels: { kind: r.name, status: r.status },
        value: n(r.n),
      })),
  });
  scrapeGauge(registry, {
    name: 'cadence_jobs_oldest_waiting_seconds',
    help: 'Age of the oldest due job that no worker has claimed yet, by kind.',
    labelNames: ['kind'],
    collect: async () =>
      (
        await sql.query<{ name: string; age: unknown }>(
          `SELECT name, EXTRACT(EPOCH FROM now() - min(run_at)) AS age FROM jobs WHERE status = 'QUEUED' AND run_at <= now() GROUP BY 1`,
        )
      ).map((r) => ({ labels: { kind: r.name }, value: n(r.age) })),
  });
  scrapeGauge(registry, {
    name: 'cadence_deliveries',
    help: 'Release deliveries by store and status.',
    labelNames: ['store', 'status'],
    collect: async () =>
      (
        await sql.query<{ store: string; status: string; n: unknown }>(
          `SELECT d.name AS store, rd.status::text AS status, count(*) AS n FROM release_deliveries rd JOIN dsps d ON d.id = rd.dsp_id GROUP BY 1, 2`,
        )
      ).map((r) => ({ labels: { store: r.store, status: r.status }, value: n(r.n) })),
  });
  scrapeGauge(registry, {
    name: 'cadence_sales_imports',
    help: 'Sales report imports by status.',
    labelNames: ['status'],
    collect: async () =>
      (await sql.query<{ status: string; n: unknown }>(`SELECT status::text AS status, count(*) AS n FROM sales_import_batches GROUP BY 1`)).map((r) => ({
        labels: { status: r.status },
        value: n(r.n),
      })),
  });
  scrapeGauge(registry, {
    name: 'cadence_payouts',
    help: 'Withdrawals by approval status and payout provider status (NONE before it is sent).',
    labelNames: ['status', 'payout_status'],
    collect: async () =>
      (
        await sql.query<{ status: string; payout_status: string; n: unknown }>(
          `SELECT status::text AS status, coalesce(payout_status::text, 'NONE') AS payout_status, count(*) AS n FROM withdrawals GROUP BY 1, 2`,
        )
      ).map((r) => ({ labels: { status: r.status, payout_status: r.payout_status }, value: n(r.n) })),
  });
  scrapeGauge(registry, {
    name: 'cadence_mail',
    help: 'Outgoing mail by status.',
    labelNames: ['status'],
    collect: async () =>
      (await sql.query<{ status: string; n: unknown }>(`SELECT status::text AS status, count(*) AS n FROM outbox_emails GROUP BY 1`)).map((r) => ({
        labels: { status: r.status },
        value: n(r.n),
      })),
  });
}
