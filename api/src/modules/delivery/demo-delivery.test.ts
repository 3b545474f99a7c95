import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { readdir } from 'node:fs/promises';
import { createLogger } from '../../logger.ts';
import { statusName } from '../releases/release-model.ts';
import { runAllJobs, startDeliveryServer, type DeliveryServer } from './__test-support__/delivery-kit.ts';
import { pollAcknowledgements } from './delivery.service.ts';
import { scheduleDemoDelivery } from './demo-delivery.ts';

let server: DeliveryServer;
beforeAll(async () => {
  server = await startDeliveryServer({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await server.close();
});

it('npm start with demo data: an approved single is delivered to the local folder, acknowledged by the simulator, then LIVE; once only', async () => {
  const deps = { prisma: server.prisma, config: server.config, logger: createLogger('error') };
  await scheduleDemoDelivery(deps);
  await scheduleDemoDelivery(deps);
  await runAllJobs(server);
  const release = await server.prisma.release.findFirstOrThrow({ where: { title: 'Morning Tide' }, include: { deliveries: true } });
  expect(statusName(release.status)).toBe('DELIVERED');
  expect(release.deliveries.map((d) => d.status)).toEqual(['SENT', 'SENT']);
  expect((await readdir(server.storeDir)).length).toBe(2);
  await pollAcknowledgements(deps);
  expect(statusName((await server.prisma.release.findUniqueOrThrow({ where: { id: release.id } })).status)).toBe('LIVE');
  expect(await server.prisma.release.count({ where: { title: 'Morning Tide' } })).toBe(1);
});
