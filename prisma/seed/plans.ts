/**
 * Subscription plans with the spec's names. Prices are annual, in US cents. trackLimit is the number
 * of recordings per primary artist: paid plans follow the plan text (200 recordings per artist, up
 * to 5 artists); VIP tiers have 6 primary artists and 999999 tracks and keep an 8% distribution fee
 * instead of charging (the VIP fee is currently none). INCOMPLETE tiers are accounts whose purchase
 * did not finish: they may not distribute until it does.
 */
import type { BillingPeriod, PlanName } from '../../api/src/generated/prisma/client.ts';

export interface PlanSeed {
  name: PlanName;
  displayName: string;
  description: string;
  priceMinor: number;
  currency: string;
  billingPeriod: BillingPeriod;
  primaryArtistLimit: number;
  trackLimit: number;
  distributionFeeBps: number;
  features: string[];
  purchasable: boolean;
  sortOrder: number;
}

const PAID_FEATURES = ['release-analytics', 'production-credits', 'catalog-transfer'];
const VIP_FEATURES = [...PAID_FEATURES, 'net-receipts-wallet'];

export const PLANS: readonly PlanSeed[] = [
  {
    name: 'FREE', displayName: 'Free', description: 'One artist, the essentials.',
    priceMinor: 0, currency: 'USD', billingPeriod: 'NONE', primaryArtistLimit: 1, trackLimit: 20,
    distributionFeeBps: 0, features: [], purchasable: false, sortOrder: 0,
  },
  {
    name: 'COMMERCIAL_BETA', displayName: 'Cadence', description: 'Up to 200 recordings per artist for up to 5 artists.',
    priceMinor: 2000, currency: 'USD', billingPeriod: 'ANNUAL', primaryArtistLimit: 5, trackLimit: 200,
    distributionFeeBps: 0, features: PAID_FEATURES, purchasable: true, sortOrder: 1,
  },
  {
    name: 'BETA_A', displayName: 'Beta', description: 'Early access plan, same limits as the paid plan.',
    priceMinor: 0, currency: 'USD', billingPeriod: 'ANNUAL', primaryArtistLimit: 5, trackLimit: 200,
    distributionFeeBps: 0, features: PAID_FEATURES, purchasable: false, sortOrder: 2,
  },
  {
    name: 'VIP', displayName: 'VIP', description: 'VIP distribution agreement.',
    priceMinor: 0, currency: 'USD', billingPeriod: 'ANNUAL', primaryArtistLimit: 6, trackLimit: 999_999,
    distributionFeeBps: 800, features: VIP_FEATURES, purchasable: false, sortOrder: 3,
  },
  {
    name: 'VIP2', displayName: 'VIP 2', description: 'VIP distribution agreement, second edition.',
    priceMinor: 0, currency: 'USD', billingPeriod: 'ANNUAL', primaryArtistLimit: 6, trackLimit: 999_999,
    distributionFeeBps: 800, features: VIP_FEATURES, purchasable: false, sortOrder: 4,
  },
  {
    name: 'COMPLIMENTARY_VIP', displayName: 'Complimentary VIP', description: 'VIP limits, granted by Cadence.',
    priceMinor: 0, currency: 'USD', billingPeriod: 'ANNUAL', primaryArtistLimit: 6, trackLimit: 999_999,
    distributionFeeBps: 800, features: VIP_FEATURES, purchasable: false, sortOrder: 5,
  },
  {
    name: 'INCOMPLETE', displayName: 'Incomplete', description: 'Purchase not completed.',
    priceMinor: 0, currency: 'USD', billingPeriod: 'NONE', primaryArtistLimit: 1, trackLimit: 0,
    distributionFeeBps: 0, features: [], purchasable: false, sortOrder: 6,
  },
  {
    name: 'BETA_INCOMPLETE', displayName: 'Beta (incomplete)', description: 'Beta purchase not completed.',
    priceMinor: 0, currency: 'USD', billingPeriod: 'NONE', primaryArtistLimit: 1, trackLimit: 0,
    distributionFeeBps: 0, features: [], purchasable: false, sortOrder: 7,
  },
];
