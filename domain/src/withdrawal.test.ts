import {
  balanceErrorMessage,
  belowMinimumMessage,
  canTransitionWithdrawal,
  isTaxBlocking,
  readWithdrawalAmount,
  verifyTaxMessage,
  validateWithdrawalAmount,
  WITHDRAWAL_MESSAGES,
  withdrawalErrorNotice,
  type WithdrawalStatus,
} from './withdrawal';

const MIN1 = { key: 'withdrawal-amount-min', message: 'A requested amount can not be empty or less than 1' };
const EXCEEDS = { key: 'withdrawal-amount-exceeds-balance', message: 'The requested amount exceeds the available balance' };
const NOT_EQUAL = { key: 'withdrawal-amount-not-equal-balance', message: 'The requested amount is not equal to the available balance' };

describe('validateWithdrawalAmount', () => {
  const balance = { availableMinor: 5000n };
  it.each([
    ['', MIN1],
    [null, MIN1],
    [undefined, MIN1],
    ['abc', MIN1],
    ['0.99', MIN1],
    ['-5', MIN1],
    ['1', undefined],
    ['1.00', undefined],
    ['50.00', undefined],
    ['50.01', EXCEEDS],
    ['1,000', EXCEEDS],
  ])('%j with 50.00 available', (input, expected) => {
    expect(validateWithdrawalAmount(input, balance)).toEqual(expected);
  });
  it.each([
    ['9.99', { availableMinor: 5000n, minimumMinor: 1000n }, { key: 'withdrawal-amount-min', message: 'A requested amount can not be empty or less than 10' }],
    ['10', { availableMinor: 5000n, minimumMinor: 1000n }, undefined],
    ['2', { availableMinor: 5000n, minimumMinor: 250n }, { key: 'withdrawal-amount-min', message: 'A requested amount can not be empty or less than 2.50' }],
    ['20', { availableMinor: 5000n, requireFullBalance: true }, NOT_EQUAL],
    ['50', { availableMinor: 5000n, requireFullBalance: true }, undefined],
    ['50', { availableMinor: 5000n, requireFullBalance: false }, undefined],
  ])('%j with %j', (input, options, expected) => {
    expect(validateWithdrawalAmount(input, options)).toEqual(expected);
  });
  it('formats the minimum', () => {
    expect(belowMinimumMessage(100n)).toBe('A requested amount can not be empty or less than 1');
  });
});

describe('withdrawal status', () => {
  it.each([
    ['PENDING', 'APPROVED', true],
    ['PENDING', 'REJECTED', true],
    ['PENDING', 'PENDING', false],
    ['APPROVED', 'REJECTED', false],
    ['REJECTED', 'PENDING', false],
  ] as [WithdrawalStatus, WithdrawalStatus, boolean][])('%s -> %s: %s', (from, to, ok) => {
    expect(canTransitionWithdrawal(from, to)).toBe(ok);
  });
});

describe('withdrawalErrorNotice', () => {
  it.each([
    [400, { Message: 'Invalid payee.', Details: { Message: 'Payee is locked.', Code: 33 } }, { level: 'warning', message: 'Invalid payee. Payee is locked.', code: 33 }],
    [400, { Message: 'Bad request', code: '35' }, { level: 'warning', message: 'Bad request', code: '35' }],
    [400, { Message: 'Too much', Details: { Message: 'Too much', Code: 'AMOUNT_EXCEEDS_BALANCE' } }, { level: 'error', message: 'Too much', code: 'AMOUNT_EXCEEDS_BALANCE' }],
    [400, { Message: 'Bad request', code: 12 }, { level: 'error', message: 'Bad request', code: 12 }],
    [400, { Message: 'Bad', Details: { Message: 'Worse', Code: 34 }, code: 99 }, { level: 'warning', message: 'Bad Worse', code: 34 }],
    [400, { Message: 'Bad', Details: null, err: 'Verify your tax information at HyperWallet' }, { level: 'error', message: 'Verify your tax information at HyperWallet' }],
    [400, { Details: { Message: 'Only details', Code: '' } }, { level: 'error', message: 'Only details' }],
    [400, 'plain text', { level: 'error', message: 'Withdraw failed' }],
    [400, null, { level: 'error', message: 'Withdraw failed' }],
    [500, { Message: 'x' }, { level: 'error', message: 'Service is temporarily unavailable, please try again later' }],
    [503, null, { level: 'error', message: 'Service is temporarily unavailable, please try again later' }],
    [403, { Message: 'x' }, { level: 'error', message: 'Withdraw failed' }],
    [0, null, { level: 'error', message: 'Withdraw failed' }],
  ])('%i %j', (status, body, notice) => {
    expect(withdrawalErrorNotice(status, body)).toEqual(notice);
  });
  it.each([
    [0, WITHDRAWAL_MESSAGES.unavailable],
    [500, WITHDRAWAL_MESSAGES.unavailable],
    [404, undefined],
  ])('balanceErrorMessage(%i)', (status, message) => {
    expect(balanceErrorMessage(status)).toBe(message);
  });
});

describe('readWithdrawalAmount', () => {
  it.each([
    ['120', 12_000n],
    ['120.5', 12_050n],
    [' 0.01 ', 1n],
    [120.25, 12_025n],
    [0, 0n],
  ])('reads %p as %p minor units', (input, minor) => {
    expect(readWithdrawalAmount(input)).toBe(minor);
  });

  it.each([['0.001'], ['10.125'], [10.125]])('calls %p a fraction of a cent', (input) => {
    expect(readWithdrawalAmount(input)).toBe('fraction');
  });

  it.each([[Number.NaN], [Infinity], ['abc'], ['1e5'], ['1,5'], [''], [null], [undefined], [{}], [true], ['9'.repeat(31)], [`1.${'0'.repeat(60)}`], ['-0.005'], ['-5']])('refuses %p', (input) => {
    expect(readWithdrawalAmount(input)).toBeNull();
  });
});

describe('tax gating', () => {
  it.each([
    ['REQUIRED', true],
    ['FAILED', true],
    ['UNDER_REVIEW', true],
    ['VERIFIED', false],
    ['NOT_REQUIRED', false],
  ])('%s blocks withdrawals: %p', (status, blocking) => {
    expect(isTaxBlocking(status)).toBe(blocking);
  });

  it("names the provider from configuration in the spec's message", () => {
    expect(verifyTaxMessage('HyperWallet')).toBe(WITHDRAWAL_MESSAGES.verifyTax);
    expect(verifyTaxMessage('Payoneer')).toBe('Verify your tax information at Payoneer');
  });
});
