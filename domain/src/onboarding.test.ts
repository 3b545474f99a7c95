import { onboardingState, resolveOnboardingStep, type OnboardingProfile } from './onboarding';
import { firstIncompleteStep, onboardingRedirect } from './onboarding-steps';

const TODAY = '2024-06-15';
const complete: OnboardingProfile = {
  primaryArtists: ['DJ Ann'],
  firstName: 'Ann',
  lastName: 'Lee',
  birthday: '2000-01-01',
  email: 'ann@x.com',
  country: 'US',
  state: 'TX',
  city: 'Austin',
  address1: '1 Main St',
  postalCode: '73301',
  distributionAgreement: true,
  privacyPolicyAgreement: false,
  parentEmail: null,
};
const minor = { ...complete, birthday: '2010-01-01' };

describe('onboardingState', () => {
  it.each([
    ['complete adult', complete, { name: true, contacts: true, distribution: true }],
    ['no primary artist', { ...complete, primaryArtists: [] }, { name: false, contacts: true, distribution: true }],
    ['blank primary artists only', { ...complete, primaryArtists: [' '] }, { name: false, contacts: true, distribution: true }],
    ['primary artists missing', { ...complete, primaryArtists: null }, { name: false, contacts: true, distribution: true }],
    ['no first name', { ...complete, firstName: '' }, { name: false, contacts: true, distribution: true }],
    ['no last name', { ...complete, lastName: null }, { name: false, contacts: true, distribution: true }],
    ['no birthday', { ...complete, birthday: null }, { name: false, contacts: true, distribution: false }],
    ['captcha not yet answered', { ...complete, captchaPending: true }, { name: false, contacts: true, distribution: true }],
    ['captcha answered', { ...complete, captchaPending: false }, { name: true, contacts: true, distribution: true }],
    ['no email', { ...complete, email: '' }, { name: true, contacts: false, distribution: true }],
    ['no country', { ...complete, country: null }, { name: true, contacts: false, distribution: true }],
    ['US without state', { ...complete, state: '' }, { name: true, contacts: false, distribution: true }],
    ['non-US without state', { ...complete, country: 'GB', state: null }, { name: true, contacts: true, distribution: true }],
    ['no city', { ...complete, city: ' ' }, { name: true, contacts: false, distribution: true }],
    ['no address', { ...complete, address1: undefined }, { name: true, contacts: false, distribution: true }],
    ['no postal code', { ...complete, postalCode: '' }, { name: true, contacts: false, distribution: true }],
    ['no agreement', { ...complete, distributionAgreement: false }, { name: true, contacts: true, distribution: false }],
    ['minor without consent', minor, { name: true, contacts: true, distribution: false }],
    ['minor with privacy only', { ...minor, privacyPolicyAgreement: true }, { name: true, contacts: true, distribution: false }],
    ['minor with parent email only', { ...minor, parentEmail: 'mum@x.com' }, { name: true, contacts: true, distribution: false }],
    ['minor with consent', { ...minor, privacyPolicyAgreement: true, parentEmail: 'mum@x.com' }, { name: true, contacts: true, distribution: true }],
    ['turns 18 today', { ...complete, birthday: '2006-06-15' }, { name: true, contacts: true, distribution: true }],
    ['turns 18 tomorrow', { ...complete, birthday: '2006-06-16' }, { name: true, contacts: true, distribution: false }],
  ])('%s', (_name, profile, expected) => {
    expect(onboardingState(profile, TODAY)).toEqual(expected);
  });
});

describe('first incomplete step and redirect', () => {
  it.each([
    [{ name: false, contacts: false, distribution: false }, 1, '/on-boarding'],
    [{ name: true, contacts: false, distribution: false }, 2, '/on-boarding?step=2'],
    [{ name: true, contacts: true, distribution: false }, 3, '/on-boarding?step=3'],
    [{ name: true, contacts: true, distribution: true }, null, null],
    [{ name: false, contacts: true, distribution: true }, 1, '/on-boarding'],
  ])('%j -> %j, %j', (state, step, url) => {
    expect(firstIncompleteStep(state)).toBe(step);
    expect(onboardingRedirect(state)).toBe(url);
  });
});

describe('resolveOnboardingStep', () => {
  it.each([
    [undefined, false, 1],
    ['abc', false, 1],
    ['0', false, 1],
    [-2, false, 1],
    [2.5, false, 1],
    ['2', false, 2],
    [3, true, 3],
    [4, false, 4],
    ['4', true, 3],
    [9, false, 4],
    [9, true, 3],
  ])('requested %j (minor %s) -> %i', (requested, isMinor, step) => {
    expect(resolveOnboardingStep(requested, isMinor)).toBe(step);
  });
});
