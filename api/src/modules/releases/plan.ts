/** The account's plan, which sets the track and primary-artist limits (FREE without a subscription). */
import { isPlanName, type PlanName } from '@cadence/domain/plans';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';

/** The plan of the active subscription (ACTIVE or PAST_DUE, period not over), else FREE. */
export async function currentPlan(db: PrismaClient | Prisma.TransactionClient, userId: string, now: Date = new Date()): Promise<PlanName> {
  const sub = await db.subscription.findFirst({
    where: { userId, status: { in: ['ACTIVE', 'PAST_DUE'] }, OR: [{ currentPeriodEnd: null }, { currentPeriodEnd: { gt: now } }] },
    orderBy: { currentPeriodStart: 'desc' },
    select: { planName: true },
  });
  return sub && isPlanName(sub.planName) ? sub.planName : 'FREE';
}
