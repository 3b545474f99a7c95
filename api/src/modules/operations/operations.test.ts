/**
 * Operations (issue 24): /metrics moves with requests and needs its token (error reports to a
 * Sentry stand-in: error-reports.isolated.test.ts); a failed job shows there and a retry runs it; /readyz; the client log endpoint's limits.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildUser, sessionCookieFor } from '../../test/factories.ts';
import { TestBrowser } from '../../test/test-browser.ts';
import { enqueueJob, JobWorker } from '../../jobs/job-queue.ts';
import { createLogger } from '../../logger.ts';

const TOKEN = 'metrics-secret-token';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await server.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics', () => {
  it('refuses callers without the token (401) or with a wrong one (403)', async () => {
    const none = await fetch(`${server.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(403);
  });

  it('counts HTTP requests by route and GraphQL operations by name, and the jobs in the database', async () => {
    const before = await scrape();
    const graphql = 'cadence_http_request_duration_seconds_count{method="POST",route="/graphql",status="200"}';
    const op = 'cadence_graphql_operation_duration_seconds_count{operation="OpsProbe",type="query"}';
    await server.gql('query OpsProbe { __typename }');
    await server.gql('query OpsProbe { __typename }');
    await enqueueJob(server.prisma, 'ops.metrics-probe', {});
    const after = await scrape();
    expect(sample(after, graphql) - sample(before, graphql)).toBe(2);
    expect(sample(after, op) - sample(before, op)).toBe(2);
    expect(sample(after, 'cadence_jobs{kind="ops.metrics-probe",status="QUEUED"}')).toBe(1);
    expect(after).toContain('cadence_jobs_oldest_waiting_seconds{kind="ops.metrics-probe"}');
    const unauthenticated = 'cadence_errors_total{transport="graphql",code="UNAUTHENTICATED"}';
    await server.gql('query OpsStatus { systemStatus { oldestWaitingSeconds } }');
    expect(sample(await scrape(), unauthenticated)).toBeGreaterThanOrEqual(1);
  });
});

describe('the system page', () => {
  it('shows a failed job to staff only, and a retry runs it', async () => {
    let storeDown = true;
    const worker = new JobWorker(server.prisma, { 'ops.flaky-delivery': async () => { if (storeDown) throw new Error('store endpoint refused the upload'); return 'sent'; } }, createLogger('error'));
    const { id } = await enqueueJob(server.prisma, 'ops.flaky-delivery', {}, { maxAttempts: 1 });
    await worker.runUntilIdle();

    const staff = await buildUser(server.prisma, { role: 'SUPPORT' });
    const staffCookie = await sessionCookieFor(server.prisma, staff.id);
    const status = await server.gql<{ systemStatus: { failedJobs: { id: string; state: string; lastError: string }[]; jobCounts: { name: string; status: string; count: number }[] } }>(
      'query { systemStatus { failedJobs { id state lastError } jobCounts { name status count } } }',
      {},
      { cookie: staffCookie },
    );
    expect(status.body.data?.systemStatus.failedJobs).toContainEqual({ id, state: 'DEAD', lastError: 'store endpoint refused the upload' });
    expect(status.body.data?.systemStatus.jobCounts).toContainEqual({ name: 'ops.flaky-delivery', status: 'DEAD', count: 1 });

    const artist = await buildUser(server.prisma);
    const refused = await server.gql('mutation($id: ID!) { retryJob(input: { jobId: $id }) { job { id } } }', { id }, { cookie: await sessionCookieFor(server.prisma, artist.id) });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    storeDown = false;
    const retried = await server.gql<{ retryJob: { job: { state: string } } }>('mutation($id: ID!) { retryJob(input: { jobId: $id }) { job { state } } }', { id }, { cookie: staffCookie });
    expect(retried.body.data?.retryJob.job.state).toBe('RETRYING');
    expect(await worker.runUntilIdle()).toBe(1);
    expect(await server.prisma.job.findUniqueOrThrow({ where: { id } })).toEqual(expect.objectContaining({ status: 'SUCCEEDED', result: 'sent' }));
    expect(await server.prisma.auditEvent.count({ where: { subcategory: 'JOB_RETRIED', entityId: id, actorId: staff.id } })).toBe(1);

    // A second failed job is cancelled for good; retrying the succeeded one is refused.
    storeDown = true;
    const second = await enqueueJob(server.prisma, 'ops.flaky-delivery', {}, { maxAttempts: 1 });
    await worker.runUntilIdle();
    const cancelled = await server.gql<{ cancelJob: { job: { state: string } } }>('mutation($id: ID!) { cancelJob(input: { jobId: $id }) { job { state } } }', { id: second.id }, { cookie: staffCookie });
    expect(cancelled.body.data?.cancelJob.job.state).toBe('CANCELLED');
    const again = await server.gql('mutation($id: ID!) { retryJob(input: { jobId: $id }) { job { id } } }', { id }, { cookie: staffCookie });
    expect(again.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('/api/logstash/log', () => {
  it('answers an oversized report 413 and a flood from one address 429', async () => {
    const browser = new TestBrowser(server);
    const big = await fetch(`${server.url}/api/logstash/log`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'x'.repeat(300_000), type: 'GLOBAL_ERROR' }) });
    expect(big.status).toBe(413);
    // Fixed windows of a minute: a flood meets a 429 within two windows' worth at most.
    let refusedAt = -1;
    for (let i = 0; i < 121 && refusedAt < 0; i++) {
      const res = await browser.post('/api/logstash/log', { message: `error ${i}`, type: 'GLOBAL_ERROR' });
      if (res.status === 429) refusedAt = i;
      else expect(res.status).toBe(204);
    }
    expect(refusedAt).toBeGreaterThanOrEqual(59);
    expect(await server.prisma.clientLog.count({ where: { message: { startsWith: 'error ' } } })).toBe(refusedAt);
  });
});

describe('/readyz', () => {
  it('is ready when the database answers, migrations are applied and storage is writable', async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  });

  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  // PostgreSQL pass only: PGlite lives in this process and cannot become unreachable.
  if (testDatabaseUrl) {
    it('is false while the database refuses connections and true again after', async () => {
      const [row] = await server.sql.query<{ db: string }>('SELECT current_database() AS db');
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      try {
        await admin.query(`ALTER DATABASE "${row!.db}" WITH ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [row!.db]);
        const down = await fetch(`${server.url}/readyz`);
        expect(down.status).toBe(503);
        expect(await down.json()).toEqual({ status: 'database unavailable' });
      } finally {
        await admin.query(`ALTER DATABASE "${row!.db}" WITH ALLOW_CONNECTIONS true`);
        await admin.end();
      }
      // The pool opens a new connection on the next probe.
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await fetch(`${server.url}/readyz`)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(200);
    });
  }
});
