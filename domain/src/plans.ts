/** Plans (core spec §6, §9, supporting spec §3, §9): names, VIP tier and the limits each plan allows. */
import { PLAN_MAX_ARTISTS, PLAN_RECORDINGS_PER_ARTIST, VIP_MAX_TRACKS, VIP_PRIMARY_ARTISTS } from './constants';

export const PLAN_NAMES = ['BETA_A', 'FREE', 'COMMERCIAL_BETA', 'VIP', 'VIP2', 'INCOMPLETE', 'BETA_INCOMPLETE', 'COMPLIMENTARY_VIP'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** Plans of the VIP tier (its own terms and higher limits). */
export const VIP_PLANS: readonly PlanName[] = ['VIP', 'VIP2', 'COMPLIMENTARY_VIP'];
/** Plans whose purchase was not finished. */
export const INCOMPLETE_PLANS: readonly PlanName[] = ['INCOMPLETE', 'BETA_INCOMPLETE'];

/** Narrows a value to a plan name. */
export function isPlanName(value: unknown): value is PlanName {
  return (PLAN_NAMES as readonly unknown[]).includes(value);
}

/** True for VIP-tier plans. */
export function isVipPlan(plan: PlanName | null | undefined): boolean {
  return plan != null && VIP_PLANS.includes(plan);
}

/** True for plans whose purchase was not completed. */
export function isIncompletePlan(plan: PlanName | null | undefined): boolean {
  return plan != null && INCOMPLETE_PLANS.includes(plan);
}

export interface PlanLimits {
  /** Primary artists on the account. */
  maxPrimaryArtists: number;
  /** Recordings per primary artist. */
  recordingsPerArtist: number;
  /** Tracks on the account. */
  maxTracks: number;
}

/** VIP: 6 primary artists, 999999 tracks. Other plans: up to 5 artists with 200 recordings each (1000 tracks). */
export function planLimits(plan: PlanName | null | undefined): PlanLimits {
  return isVipPlan(plan)
    ? { maxPrimaryArtists: VIP_PRIMARY_ARTISTS, recordingsPerArtist: VIP_MAX_TRACKS, maxTracks: VIP_MAX_TRACKS }
    : { maxPrimaryArtists: PLAN_MAX_ARTISTS, recordingsPerArtist: PLAN_RECORDINGS_PER_ARTIST, maxTracks: PLAN_MAX_ARTISTS * PLAN_RECORDINGS_PER_ARTIST };
}

/** Another primary artist may be added while the account is under its plan's limit. */
export function canAddPrimaryArtist(plan: PlanName | null | undefined, currentCount: number): boolean {
  return currentCount < planLimits(plan).maxPrimaryArtists;
}

/** Another recording may be added while both the artist's and the account's counts are under the plan's limits. */
export function canAddRecording(plan: PlanName | null | undefined, counts: { artistRecordings: number; totalTracks: number }): boolean {
  const limits = planLimits(plan);
  return counts.artistRecordings < limits.recordingsPerArtist && counts.totalTracks < limits.maxTracks;
}
