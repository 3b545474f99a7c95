import { canAddPrimaryArtist, canAddRecording, isIncompletePlan, isPlanName, isVipPlan, planLimits, PLAN_NAMES } from './plans';

describe('plans', () => {
  it('lists the plan names', () => {
    expect(PLAN_NAMES).toEqual(['BETA_A', 'FREE', 'COMMERCIAL_BETA', 'VIP', 'VIP2', 'INCOMPLETE', 'BETA_INCOMPLETE', 'COMPLIMENTARY_VIP']);
  });
  it.each([
    ['VIP', true, true, false],
    ['VIP2', true, true, false],
    ['COMPLIMENTARY_VIP', true, true, false],
    ['FREE', true, false, false],
    ['INCOMPLETE', true, false, true],
    ['BETA_INCOMPLETE', true, false, true],
    ['GOLD', false, false, false],
    [null, false, false, false],
    [undefined, false, false, false],
  ] as const)('%j: plan %s, vip %s, incomplete %s', (plan, known, vip, incomplete) => {
    expect(isPlanName(plan)).toBe(known);
    if (plan !== 'GOLD') {
      expect(isVipPlan(plan)).toBe(vip);
      expect(isIncompletePlan(plan)).toBe(incomplete);
    }
  });
  it.each([
    ['VIP', { maxPrimaryArtists: 6, recordingsPerArtist: 999_999, maxTracks: 999_999 }],
    ['FREE', { maxPrimaryArtists: 5, recordingsPerArtist: 200, maxTracks: 1000 }],
    [null, { maxPrimaryArtists: 5, recordingsPerArtist: 200, maxTracks: 1000 }],
  ] as const)('planLimits(%j)', (plan, limits) => {
    expect(planLimits(plan)).toEqual(limits);
  });
  it.each([
    ['FREE', 4, true],
    ['FREE', 5, false],
    ['VIP', 5, true],
    ['VIP', 6, false],
  ] as const)('canAddPrimaryArtist(%s, %i) = %s', (plan, count, ok) => {
    expect(canAddPrimaryArtist(plan, count)).toBe(ok);
  });
  it.each([
    ['FREE', 199, 999, true],
    ['FREE', 200, 0, false],
    ['FREE', 0, 1000, false],
    ['VIP', 5000, 5000, true],
  ] as const)('canAddRecording(%s, artist %i, total %i) = %s', (plan, artistRecordings, totalTracks, ok) => {
    expect(canAddRecording(plan, { artistRecordings, totalTracks })).toBe(ok);
  });
});
