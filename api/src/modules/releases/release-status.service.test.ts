import { type Database } from '../../db/database.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { seed } from '../../../../prisma/seed.ts';
import { hashPassword } from '../auth/password.ts';
import { buildUser } from '../../test/factories.ts';
import { DomainError } from '../../domain-error.ts';
import { changeReleaseStatus } from './release-status.service.ts';
import { statusOrder } from '@cadence/domain/release-status';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  await seed(db.prisma, { demo: false, hashPassword });
});
afterAll(async () => {
  await db.close();
});

describe('changeReleaseStatus', () => {
  it('moves an allowed transition, bumps the version and writes one audit event', async () => {
    const user = await buildUser(db.prisma);
    const r = await db.prisma.release.create({ data: { userId: user.id, title: 'x', status: statusOrder('LIVE') } });
    const viewer = { userId: user.id, role: 'USER' as const };
    await db.prisma.$transaction((tx) => changeReleaseStatus(tx, { viewer, requestId: 'req-1' }, r, { to: 'AWAITING_TAKEDOWN', actor: 'user', subcategory: 'TAKEDOWN_AWAITING' }));
    const after = await db.prisma.release.findUniqueOrThrow({ where: { id: r.id } });
    expect(after).toMatchObject({ status: statusOrder('AWAITING_TAKEDOWN'), version: 2 });
    const events = await db.prisma.auditEvent.findMany({ where: { entityId: r.id } });
    expect(events).toEqual([expect.objectContaining({ category: 'RELEASE', subcategory: 'TAKEDOWN_AWAITING', actorId: user.id, requestId: 'req-1', oldValues: { status: 'LIVE' }, newValues: { status: 'AWAITING_TAKEDOWN' } })]);
  });

  it.each([
    ['a user approving their own release', 20, 'APPROVED', 'user'],
    ['a user validating a submission', 1, 'VALIDATED', 'user'],
    ['a takedown of a draft', 0, 'AWAITING_TAKEDOWN', 'user'],
    ['the system deleting', 0, 'DELETED', 'system'],
  ] as const)('refuses %s with CONFLICT and writes nothing', async (_n, status, to, actor) => {
    const user = await buildUser(db.prisma);
    const r = await db.prisma.release.create({ data: { userId: user.id, title: 'x', status } });
    const err = await db.prisma
      .$transaction((tx) => changeReleaseStatus(tx, { viewer: null }, r, { to, actor }))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).details.key).toBe('invalid-status-transition');
    expect(await db.prisma.release.findUniqueOrThrow({ where: { id: r.id } })).toMatchObject({ status, version: 1 });
    expect(await db.prisma.auditEvent.count({ where: { entityId: r.id } })).toBe(0);
  });

  it('refuses a move based on a stale read (version changed meanwhile)', async () => {
    const user = await buildUser(db.prisma);
    const r = await db.prisma.release.create({ data: { userId: user.id, title: 'x', status: statusOrder('LIVE') } });
    await db.prisma.release.update({ where: { id: r.id }, data: { version: 2 } });
    const err = await db.prisma
      .$transaction((tx) => changeReleaseStatus(tx, { viewer: null }, r, { to: 'AWAITING_TAKEDOWN', actor: 'user' }))
      .catch((e: unknown) => e);
    expect((err as DomainError).details.key).toBe('stale-version');
    expect(await db.prisma.auditEvent.count({ where: { entityId: r.id } })).toBe(0);
  });
});
