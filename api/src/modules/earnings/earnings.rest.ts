/** Legacy REST paths for money (supporting §7): balance, withdraw, PayPal, the payout webhook. */
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { stringify } from 'csv-stringify/sync';
import { formatMinor } from '@cadence/domain/money';
import { DomainError } from '../../domain-error.ts';
import { boolean, coerce, nullable, number, optional, string, type, union, unknown } from 'superstruct';
import { fieldNames, fieldsOf, handler, signedIn, validate, worded } from '../../http/rest-helpers.ts';
import { getBalance, listLedgerEntries, listWithdrawals, type BalanceView, type WithdrawalView } from './earnings.service.ts';
import { getPayPalAccount, getPayPalConfig, linkPayPal, PAYPAL_NOT_FOUND_KEY } from './paypal.service.ts';
import { receivePayoutWebhook, withdrawAndPay } from './payouts.service.ts';
import { SIGNATURE_HEADER } from '../../integrations/payouts/payout-provider.ts';
import { WITHDRAWAL_STATUS } from '@cadence/domain/withdrawal';

export const PAYOUT_WEBHOOK_PATH = '/financial/payout-webhook';

/** Balance as GET /api/financial/balance answers it: amounts as decimal strings with 2 places. */
export function presentBalance(b: BalanceView) {
  return { amount: formatMinor(b.balanceMinor), currency: b.currency, lockedAmount: formatMinor(b.lockedMinor), availableAmount: formatMinor(b.availableMinor), isWalletExist: b.isWalletExist, hasWithdrawals: b.hasWithdrawals };
}

function presentWithdrawalRest(w: WithdrawalView) {
  return {
    id: w.id,
    amount: formatMinor(w.amountMinor),
    currency: w.currency,
    status: WITHDRAWAL_STATUS[w.status],
    statusName: w.status,
    payoutStatus: w.payoutStatus,
    awaitingApproval: w.awaitingApproval,
    code: w.errorCode,
    messages: w.messages,
    createdAt: w.createdAt.toISOString(),
  };
}

/** A withdrawal refusal as the legacy client reads it: 400 {Message, Details: {Code, Message}}. */
function withdrawalErrors(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (err instanceof DomainError && err.code === 'BAD_USER_INPUT' && typeof err.details.withdrawalCode === 'string') {
    const { withdrawalCode, detailMessage, key: _key, ...extra } = err.details;
    res.status(400).json({ Message: err.message, Details: { Code: withdrawalCode, Message: detailMessage ?? err.message }, code: withdrawalCode, message: err.message, ...extra });
    return;
  }
  next(err);
}

/** A PayPal verify error as the legacy form reads it: `err: [{message}]` (the first message is shown). */
function payPalErrors(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (err instanceof DomainError && err.details.key === PAYPAL_NOT_FOUND_KEY) {
    res.status(400).json({ code: 'BAD_USER_INPUT', message: err.message, err: [{ message: err.message }], fieldErrors: err.details.fieldErrors });
    return;
  }
  next(err);
}

/** Keeps the webhook's raw bytes for the signature check (installed before the JSON parser). */
export function rawWebhookBody(): RequestHandler {
  const raw = express.raw({ type: () => true, limit: '256kb' });
  return (req, res, next) => (req.method === 'POST' && req.path === PAYOUT_WEBHOOK_PATH ? raw(req, res, next) : next());
}

/**
 * POST /api/financial/withdraw {balance} (or {amount}): the amount is any JSON value here, since
 * the withdrawal rules (withdrawAndPay) word every refusal with its code.
 */
const WithdrawBody = type({ balance: optional(unknown()), amount: optional(unknown()) });

/** A text field of the legacy PayPal form: numbers and booleans are read as their text; absent or null is null. */
const formText = (name: string) => worded(coerce(optional(nullable(string())), union([number(), boolean()]), String), 'invalid-type', `${name} must be text`);

/** POST /api/paypal/verify: the name and address to match against the PayPal account. */
const PayPalVerifyBody = type({ firstName: formText('firstName'), lastName: formText('lastName'), emailAddress: formText('emailAddress'), matchCriteria: formText('matchCriteria') });

export function earningsRouter(): Router {
  const r = Router();
  r.get('/financial/balance', signedIn, handler(async (req) => presentBalance(await getBalance(req.ctx))));
  r.post(
    '/financial/withdraw',
    signedIn,
    handler(async (req, res) => {
      const body = validate(WithdrawBody, fieldsOf(req.body));
      const header = req.headers['idempotency-key'];
      const { withdrawal, created } = await withdrawAndPay(req.ctx, { amount: body.balance ?? body.amount, idempotencyKey: typeof header === 'string' ? header : null });
      res.status(created ? 201 : 200);
      return presentWithdrawalRest(withdrawal);
    }),
    withdrawalErrors,
  );
  r.get('/financial/withdrawals', signedIn, handler(async (req) => (await listWithdrawals(req.ctx)).map(presentWithdrawalRest)));
  r.get(
    '/financial/statement.csv',
    signedIn,
    handler(async (req, res) => {
      const { lines } = await listLedgerEntries(req.ctx, { first: 500 });
      const csv = stringify(
        lines.map((l) => [l.createdAt.toISOString(), l.kind, l.description ?? '', formatMinor(l.amountMinor), formatMinor(l.runningBalanceMinor), l.currency]),
        { header: true, columns: ['Date', 'Type', 'Description', 'Amount', 'Balance', 'Currency'] },
      );
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', 'attachment; filename="statement.csv"');
      res.send(csv);
    }),
  );
  r.post(
    PAYOUT_WEBHOOK_PATH,
    handler(async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      const signature = req.headers[SIGNATURE_HEADER];
      return receivePayoutWebhook(req.ctx, raw, typeof signature === 'string' ? signature : undefined);
    }),
  );
  r.post(
    '/paypal/verify',
    signedIn,
    handler(async (req) => {
      const body = validate(PayPalVerifyBody, fieldsOf(req.body), { noKey: fieldNames(PayPalVerifyBody) });
      const { account, message } = await linkPayPal(req.ctx, { firstName: body.firstName ?? null, lastName: body.lastName ?? null, emailAddress: body.emailAddress ?? null, matchCriteria: body.matchCriteria ?? null });
      return { accountStatus: 'VERIFIED', message, paypalEmail: account.email, paypalFirstName: account.firstName, paypalLastName: account.lastName };
    }),
    payPalErrors,
  );
  r.get('/paypal/config', signedIn, handler(async (req) => ({ ...getPayPalConfig(req.ctx), account: await getPayPalAccount(req.ctx) })));
  return r;
}
