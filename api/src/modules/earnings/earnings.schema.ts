/** GraphQL: the viewer's balance, statement, withdrawals, PayPal account and tax state; support approvals. */
import { formatMinor } from '@cadence/domain/money';
import { TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import type { LedgerTransactionKind } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { Profile, TaxVerificationStatusEnum } from '../users/users.schema.ts';
import { decideWithdrawal, getBalance, getTaxStatus, listLedgerEntries, listWithdrawals, listWithdrawalsAwaitingApproval, type BalanceView, type StatementLine, type WithdrawalView } from './earnings.service.ts';
import { getPayPalAccount, linkPayPal, unlinkPayPal, type PayPalAccountView } from './paypal.service.ts';
import { withdrawAndPay } from './payouts.service.ts';

const money = 'A decimal string with 2 places (minor units never pass through floating point).';

const Balance = builder.objectRef<BalanceView>('Balance').implement({
  description: 'The wallet: total balance, the part locked by pending withdrawals, and what can be withdrawn.',
  fields: (t) => ({
    amount: t.string({ description: `Total balance. ${money}`, resolve: (b) => formatMinor(b.balanceMinor) }),
    lockedAmount: t.string({ description: `Locked by pending withdrawals. ${money}`, resolve: (b) => formatMinor(b.lockedMinor) }),
    availableAmount: t.string({ description: `amount - lockedAmount. ${money}`, resolve: (b) => formatMinor(b.availableMinor) }),
    currency: t.exposeString('currency', { description: 'ISO 4217 code of the amounts (USD).' }),
    isWalletExist: t.exposeBoolean('isWalletExist', { description: 'False until the first earnings are posted (the amounts are then 0.00).' }),
    hasWithdrawals: t.exposeBoolean('hasWithdrawals', { description: 'Whether the account has ever asked for a withdrawal.' }),
  }),
});

const WithdrawalStatusEnum = builder.enumType('WithdrawalStatus', {
  description: 'Where a withdrawal stands; its amount stays locked while PENDING.',
  values: {
    PENDING: { description: 'Sent to the payout provider, or waiting for support’s approval; the amount is locked.' },
    APPROVED: { description: 'Paid out (the provider FINALIZED it); the amount left the balance.' },
    REJECTED: { description: 'Refused by support or failed or cancelled at the provider; the amount is unlocked (see messages).' },
  } as const,
});
export const PayoutStatusEnum = builder.enumType('PayoutStatus', { description: 'The payout provider\u2019s five-M status.', values: {
    PENDING: { description: 'Received by the provider, not started.' },
    PROCESSING: { description: 'Being paid out.' },
    FINALIZED: { description: 'Paid to the PayPal account.' },
    FAILED: { description: 'The provider could not pay it (see the messages).' },
    CANCELLED: { description: 'Cancelled at the provider before payment.' },
  } as const,
});

const ProviderMessage = builder.objectRef<{ code: string; message: string }>('ProviderMessage').implement({
  description: 'A message about a withdrawal from the payout provider or from support.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'The provider’s code, or REJECTED_BY_SUPPORT.' }),
    message: t.exposeString('message', { description: 'The message as a person reads it.' }),
  }),
});

const WithdrawalRef = builder.objectRef<WithdrawalView>('Withdrawal').implement({
  description: 'A request to pay out the balance to PayPal.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The withdrawal’s identifier.' }),
    amount: t.string({ description: money, resolve: (w) => formatMinor(w.amountMinor) }),
    currency: t.exposeString('currency', { description: 'ISO 4217 code of the amount.' }),
    status: t.field({ type: WithdrawalStatusEnum, description: 'PENDING, APPROVED or REJECTED.', resolve: (w) => w.status }),
    payoutStatus: t.field({ type: PayoutStatusEnum, nullable: true, description: 'The provider’s last status; null before the provider answered.', resolve: (w) => w.payoutStatus }),
    awaitingApproval: t.exposeBoolean('awaitingApproval', { description: 'Above the approval threshold and not yet decided by support.' }),
    errorCode: t.exposeString('errorCode', { nullable: true, description: 'The provider\u2019s code; 33, 34 and 35 are warnings.' }),
    messages: t.field({ type: [ProviderMessage], description: 'Why it failed or was rejected (empty otherwise).', resolve: (w) => w.messages }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was asked for.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When its status last changed.' }),
  }),
});

const LedgerLineKindEnum = builder.enumType('LedgerLineKind', {
  description: 'What moved the money on a line of the statement.',
  values: {
    SALES_POSTING: { description: 'Sales of a store report, after the distribution fee.' },
    WITHDRAWAL: { description: 'Money asked for, paid out to PayPal.' },
    WITHDRAWAL_REVERSAL: { description: 'A withdrawal reversed: its money came back to the balance.' },
    SUBSCRIPTION_CHARGE: { description: 'A plan paid by card.' },
    BALANCE_PAYMENT: { description: 'A plan paid from the balance.' },
    FEE: { description: 'A fee charged to the account.' },
    REFUND: { description: 'Money paid back to the account.' },
    ADJUSTMENT: { description: 'A correction of the balance.' },
    SPLIT_CLAIM: { description: 'Split earnings kept for this email address before the account verified it.' },
  } as const satisfies Record<LedgerTransactionKind, { description: string }>,
});

const LedgerLine = builder.objectRef<StatementLine>('LedgerLine').implement({
  description: 'One line of the statement of account.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The ledger entry’s identifier.' }),
    kind: t.expose('kind', { type: LedgerLineKindEnum, description: 'What moved the money (SALES_POSTING, WITHDRAWAL, BALANCE_PAYMENT...).' }),
    description: t.exposeString('description', { nullable: true, description: 'What the line is for, as a person reads it (the sales period, the withdrawal...).' }),
    amount: t.string({ description: `Signed: credits positive. ${money}`, resolve: (l) => formatMinor(l.amountMinor) }),
    runningBalance: t.string({ description: `The balance after this line. ${money}`, resolve: (l) => formatMinor(l.runningBalanceMinor) }),
    currency: t.exposeString('currency', { description: 'ISO 4217 code of the amounts.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the entry was posted.' }),
  }),
});

const LedgerPage = builder.objectRef<{ totalCount: number; lines: StatementLine[] }>('LedgerPage').implement({
  description: 'One page of the statement of account, newest first.',
  fields: (t) => ({
    totalCount: t.exposeInt('totalCount', { description: 'Lines in the whole statement (for paging).' }),
    nodes: t.field({ type: [LedgerLine], description: 'The lines on this page.', resolve: (p) => p.lines }),
  }),
});

const PayPalAccount = builder.objectRef<PayPalAccountView>('PayPalAccount').implement({
  description: 'The PayPal account withdrawals are paid to.',
  fields: (t) => ({
    linked: t.exposeBoolean('linked', { description: 'Whether a PayPal account is linked; the other fields are null when not.' }),
    email: t.exposeString('email', { nullable: true, description: 'The PayPal account’s email.' }),
    firstName: t.exposeString('firstName', { nullable: true, description: 'The account holder’s first name, as PayPal gave it.' }),
    lastName: t.exposeString('lastName', { nullable: true, description: 'The account holder’s last name, as PayPal gave it.' }),
    verifiedAt: t.expose('verifiedAt', { type: 'DateTime', nullable: true, description: 'When PayPal confirmed the account on linking.' }),
  }),
});

const TaxStatus = builder.objectRef<Awaited<ReturnType<typeof getTaxStatus>>>('TaxStatus').implement({
  description: 'Tax verification at the payout provider; REQUIRED, FAILED and UNDER_REVIEW block withdrawals.',
  fields: (t) => ({
    status: t.field({ type: TaxVerificationStatusEnum, description: 'NOT_REQUIRED, REQUIRED, FAILED, UNDER_REVIEW or VERIFIED.', resolve: (s) => s.taxVerificationStatus }),
    taxFormUrl: t.exposeString('taxFormUrl', { description: 'Where the person fills in the tax form at the payout provider.' }),
    providerName: t.exposeString('providerName', { description: 'The payout provider’s name, as shown to people.' }),
  }),
});

builder.objectFields(Profile, (t) => ({
  balance: t.field({ type: Balance, description: 'The wallet balance (owner, or support acting as them: read-only).', resolve: (_p, _a, ctx) => getBalance(ctx) }),
  ledgerEntries: t.field({
    type: LedgerPage,
    description: 'The statement of account, newest first, each line with its running balance.',
    args: { first: t.arg.int({ description: '1 to 500, default 50.' }), offset: t.arg.int({ description: 'Lines to skip from the newest (default 0).' }) },
    resolve: (_p, a, ctx) => listLedgerEntries(ctx, a),
  }),
  withdrawals: t.field({ type: [WithdrawalRef], description: 'Withdrawals asked for, newest first.', args: { first: t.arg.int({ description: '1 to 100, default 50.' }) }, resolve: (_p, a, ctx) => listWithdrawals(ctx, a) }),
  payPalAccount: t.field({ type: PayPalAccount, description: 'The PayPal account withdrawals are paid to.', resolve: (_p, _a, ctx) => getPayPalAccount(ctx) }),
}));

builder.queryField('taxStatus', (t) => t.field({ type: TaxStatus, authScopes: { signedIn: true }, description: 'The viewer\u2019s tax verification state, asked of the payout provider.', resolve: (_r, _a, ctx) => getTaxStatus(ctx) }));

const SupportWithdrawal = builder.objectRef<Awaited<ReturnType<typeof listWithdrawalsAwaitingApproval>>[number]>('SupportWithdrawal').implement({
  fields: (t) => ({
    withdrawal: t.field({ type: WithdrawalRef, resolve: (w) => w }),
    userId: t.exposeID('userId', { nullable: true }),
    userEmail: t.exposeString('userEmail', { nullable: true }),
  }),
});

builder.queryField('withdrawalsAwaitingApproval', (t) =>
  t.field({ type: [SupportWithdrawal], authScopes: { support: true }, description: 'Support: withdrawals above the approval threshold, oldest first.', resolve: (_r, _a, ctx) => listWithdrawalsAwaitingApproval(ctx) }),
);

const WithdrawInput = builder.inputType('WithdrawInput', {
  fields: (t) => ({
    amount: t.string({ required: true, description: `The amount to withdraw. ${money}` }),
    idempotencyKey: t.string({ description: '8 to 100 characters; sending the same key again returns the first withdrawal.' }),
  }),
});

const WithdrawPayload = builder.objectRef<{ withdrawal: WithdrawalView; created: boolean }>('WithdrawPayload').implement({
  fields: (t) => ({
    withdrawal: t.field({ type: WithdrawalRef, resolve: (p) => p.withdrawal }),
    created: t.exposeBoolean('created', { description: 'False when the idempotency key found an earlier withdrawal.' }),
  }),
});

const LinkPayPalInput = builder.inputType('LinkPayPalInput', {
  fields: (t) => ({
    firstName: t.string({ required: true, description: limitDescription(TEXT_LIMITS.personName) }),
    lastName: t.string({ required: true, description: limitDescription(TEXT_LIMITS.personName) }),
    emailAddress: t.string({ required: true, description: limitDescription(TEXT_LIMITS.email) }),
  }),
});

const LinkPayPalPayload = builder.objectRef<{ account: PayPalAccountView; message: string }>('LinkPayPalPayload').implement({
  fields: (t) => ({ account: t.field({ type: PayPalAccount, resolve: (p) => p.account }), message: t.exposeString('message') }),
});

builder.mutationFields((t) => ({
  withdraw: t.field({
    type: WithdrawPayload,
    authScopes: { signedIn: true },
    description: 'Withdraws to the linked PayPal account; refusals are BAD_USER_INPUT errors with extensions.withdrawalCode.',
    args: { input: t.arg({ type: WithdrawInput, required: true }) },
    resolve: (_r, { input }, ctx) => withdrawAndPay(ctx, { amount: input.amount, idempotencyKey: input.idempotencyKey ?? null }),
  }),
  linkPayPal: t.field({
    type: LinkPayPalPayload,
    authScopes: { signedIn: true },
    description: 'Verifies the PayPal account by email and name (match criteria NAME) and links it.',
    args: { input: t.arg({ type: LinkPayPalInput, required: true }) },
    resolve: (_r, { input }, ctx) => linkPayPal(ctx, { ...input, matchCriteria: 'NAME' }),
  }),
}));

builder.relayMutationField(
  'unlinkPayPal',
  null,
  { authScopes: { signedIn: true }, description: 'Removes the linked PayPal account.', resolve: async (_r, _a, ctx) => ({ account: await unlinkPayPal(ctx) }) },
  { outputFields: (t) => ({ account: t.field({ type: PayPalAccount, description: 'The PayPal details, now empty.', resolve: (p) => p.account }) }) },
);

builder.relayMutationField(
  'approveWithdrawal',
  { inputFields: (t) => ({ id: t.id({ required: true, description: 'The withdrawal awaiting approval.' }) }) },
  {
    authScopes: { support: true },
    description: 'Support: approve a withdrawal above the threshold (the payout is then sent).',
    resolve: async (_r, { input }, ctx) => ({ withdrawal: await decideWithdrawal(ctx, { id: String(input.id), approve: true }) }),
  },
  { outputFields: (t) => ({ withdrawal: t.field({ type: WithdrawalRef, description: 'The withdrawal as it is now.', resolve: (p) => p.withdrawal }) }) },
);

builder.relayMutationField(
  'rejectWithdrawal',
  { inputFields: (t) => ({ id: t.id({ required: true, description: 'The withdrawal awaiting approval.' }), reason: t.string({ description: limitDescription(500) }) }) },
  {
    authScopes: { support: true },
    description: 'Support: reject a withdrawal above the threshold (its hold is released).',
    resolve: async (_r, { input }, ctx) => ({ withdrawal: await decideWithdrawal(ctx, { id: String(input.id), approve: false, reason: input.reason }) }),
  },
  { outputFields: (t) => ({ withdrawal: t.field({ type: WithdrawalRef, description: 'The withdrawal as it is now.', resolve: (p) => p.withdrawal }) }) },
);
