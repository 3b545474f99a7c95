/**
 * Consent and money status on the account: the distribution agreement, tax verification, the plan.
 */
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain-error.ts';
import type { User } from '../../generated/prisma/client.ts';
import { planLimits, isPlanName } from '@cadence/domain/plans';
import { refreshTaxStatus } from '../earnings/earnings.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { planTerms, type PlanTerms } from '../plans/plans.service.ts';
import { activePlanName, presentProfile, type ProfileView } from './profile.ts';
import { requireViewer } from './users.policy.ts';
import { refuseWhileActing } from '../support/impersonation.policy.ts';

import { loadUser } from './users.service.ts';

/** Records acceptance of the distribution agreement (tax and agreement step). */
export async function acceptAgreement(ctx: AppContext): Promise<ProfileView> {
  const viewer = requireViewer(ctx.viewer);
  refuseWhileActing(viewer, 'consents');
  const user = await loadUser(ctx, viewer.userId);
  const updated = await ctx.prisma.user.update({ where: { id: user.id }, data: { agreementAcceptedAt: user.agreementAcceptedAt ?? new Date() } });
  if (!user.agreementAcceptedAt) {
    await recordAudit(ctx, { category: 'USER', subcategory: 'USER_EDITED', userId: user.id, oldValues: { agreementAcceptedAt: null }, newValues: { agreementAcceptedAt: updated.agreementAcceptedAt?.toISOString() ?? null } });
  }
  return presentProfile(ctx, updated);
}

/** The viewer's tax verification status, as the payout provider reports it (kept on the profile). */
export async function getTaxStatus(ctx: AppContext): Promise<{ taxVerificationStatus: User['taxVerificationStatus'] }> {
  const viewer = requireViewer(ctx.viewer);
  return { taxVerificationStatus: await refreshTaxStatus(ctx, viewer.userId) };
}

/** The viewer's active plan (FREE without a subscription). */
export async function getActiveSubscription(ctx: AppContext): Promise<{ planName: string } & Partial<PlanTerms>> {
  const viewer = requireViewer(ctx.viewer);
  const planName = await activePlanName(ctx, viewer.userId);
  return { planName, ...(await planTerms(ctx, planName)) };
}

/** A plan ("tier") by name, for the plan pages; unknown names are NOT_FOUND. */
export async function getTier(ctx: AppContext, tierName: string) {
  const name = tierName.toUpperCase();
  if (!isPlanName(name)) throw new DomainError('NOT_FOUND', 'No such tier');
  const plan = await ctx.prisma.plan.findUnique({ where: { name } });
  if (!plan) throw new DomainError('NOT_FOUND', 'No such tier');
  const { maxPrimaryArtists, maxTracks } = planLimits(name);
  return {
    name: plan.name,
    displayName: plan.displayName,
    description: plan.description,
    priceMinor: plan.priceMinor,
    currency: plan.currency,
    billingPeriod: plan.billingPeriod,
    primaryArtistLimit: plan.primaryArtistLimit || maxPrimaryArtists,
    trackLimit: plan.trackLimit || maxTracks,
    features: plan.features,
    ...(await planTerms(ctx, plan.name)),
  };
}
