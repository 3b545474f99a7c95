/**
 * The one declaration of what an API token's scopes allow, read by both transports: the REST gate
 * (every /api request made with a token) and the GraphQL gate (every field of a token's operation).
 * Nothing lists paths or fields one by one: each area names its GraphQL fields and REST paths by
 * pattern, reads need `<area>:read` and writes `<area>:write`. What no area claims is refused to
 * tokens (deny by default), so a field or path added later is closed to tokens until an area takes
 * it. Credentials, tokens, sessions, withdrawals and staff work are never open to a token, whatever
 * its scopes (issue 18).
 */

/** Every scope a token may carry. */
export const TOKEN_SCOPES = ['profile:read', 'releases:read', 'releases:write', 'sales:read', 'money:read', 'webhooks:manage'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Shown next to each scope in /settings and in the schema. */
export const SCOPE_DESCRIPTIONS: Record<TokenScope, string> = {
  'profile:read': 'Read the account profile (name, address, plan).',
  'releases:read': 'Read releases, tracks, artists and their delivery status.',
  'releases:write': 'Create, edit, upload to, submit and take down releases.',
  'sales:read': 'Read sales, streams and trends.',
  'money:read': 'Read the balance, withdrawals, tax status and subscription (never withdraw).',
  'webhooks:manage': 'Register, change and read webhook endpoints and their delivery log.',
};

/** What a token needs for one field or path: a scope, nothing (public), or it is never allowed. */
export type Requirement = { scope: TokenScope } | { public: true } | { never: string };

interface Area {
  name: string;
  /** Root GraphQL fields (Query and Mutation) of the area. */
  graphql?: RegExp;
  /** REST paths of the area ("METHOD /api/..."; patterns or concrete paths both match). */
  rest?: RegExp;
  /** Nested GraphQL fields of the area, by field name or returned type (e.g. a user's balance). */
  nested?: RegExp;
  read?: TokenScope;
  write?: TokenScope;
  /** Both reads and writes need this scope. */
  both?: TokenScope;
  /** No scope needed (dictionaries, public configuration). */
  public?: true;
  /** Never open to tokens, with the reason. */
  never?: string;
}

/** First match wins, so the never-rules come first. */
const AREAS: readonly Area[] = [
  {
    name: 'credentials',
    never: 'credentials, sessions and tokens are changed only by signing in',
    graphql: /^(signIn|signOut|signUp|changePassword|requestEmailChange|confirmEmailChange|resetPassword|requestPasswordReset|createApiToken|revokeApiToken|apiTokens|sessions|revokeSession|deleteAccount|linkPayPal|unlinkPayPal|actAsUser|stopActingAsUser|unlockAccount|requestUnlockLink|confirmEmail|resendVerificationEmail|confirmParentConsent|acceptAgreement|registerBrowserToken)$/,
    rest: /^\w+ \/api\/(auth\/|users\/(change-password|update-email|confirm-email-change|reset-password|verify-email|verification-email|parent-consent|accept-agreement|registerBrowserToken|me\b)|users$|paypal\b|captcha\b)/,
  },
  {
    name: 'withdrawals',
    never: 'a token can never move money',
    graphql: /^(withdraw|approveWithdrawal|rejectWithdrawal)$/,
    rest: /^(POST|PUT|PATCH|DELETE) \/api\/(financial|earnings|withdraw)/,
  },
  {
    name: 'staff',
    never: 'staff work is done signed in, with an audit trail',
    graphql: /^(admin|approve|reject|block|unblock|changeUserRole|searchUsers|staff|reviewQueue|reviewRelease|releaseAuditLog|userAuditLog|withdrawalsAwaitingApproval|storeEndpoints|setStoreEndpoint|removeStoreEndpoint|acknowledgeDelivery|attachSalesLine|leaveSalesLineUnclaimed|salesImport|importSalesReport|consoleAbilities|allInAppMessages|inAppMessageStats|createInAppMessage|updateInAppMessage|deleteInAppMessage|outbox|annualSales)/,
    rest: /^\w+ \/api\/(admin|dev|console|support)\b/,
  },
  { name: 'webhooks', both: 'webhooks:manage', graphql: /webhook/i, rest: /^\w+ \/api\/webhooks\b/, nested: /webhook/i },
  {
    name: 'money',
    read: 'money:read',
    graphql: /^(taxStatus|balance|earnings|withdrawals|payouts|subscription|tier)/,
    rest: /^\w+ \/api\/(financial|earnings|users\/(tax-status|active-subscription)|tier)\b/,
    nested: /balance|earning|withdrawal|payout|ledger|tax|subscription|payment|paypal/i,
  },
  {
    name: 'sales',
    read: 'sales:read',
    graphql: /^(sales|streams|trends|analytics)/,
    rest: /^\w+ \/api\/(sales|analytics)\b/,
    nested: /^(sales|streams)|Sale/,
  },
  {
    name: 'releases',
    read: 'releases:read',
    write: 'releases:write',
    graphql: /release|track|artist|credit|cover|download|checkRelease|invitation/i,
    rest: /^\w+ \/api\/(releases|track|tracks|artists|check-release-lock|invitations|users\/primary-artists)\b/,
  },
  {
    name: 'profile',
    read: 'profile:read',
    graphql: /^(viewer|updateProfile)$/,
    rest: /^\w+ \/api\/users\/current-user-info$/,
  },
  {
    name: 'public',
    public: true,
    graphql: /^(countries|euCountries|usStates|canadianProvinces|languages|genres|outlets|dsps|releaseStatuses|clientConfig|publicInAppMessages|inAppMessages|recordInAppMessageEvent|clientLog|trackEvent|trackMarketing|trackWebPushClick|createCaptchaChallenge|solveCaptcha)$/,
    rest: /^\w+ \/api\/(openapi\.json$|docs\b|dictionary|client-configs|in-app-messages|logstash|trackWebPushClick|users\/(tracking|track-event))\b/,
  },
];

const NOT_CLAIMED: Requirement = { never: 'not open to API tokens' };

function requirementOf(area: Area, write: boolean): Requirement {
  if (area.never) return { never: area.never };
  if (area.public) return { public: true };
  const scope = area.both ?? (write ? area.write : area.read);
  return scope ? { scope } : { never: write ? `${area.name} are read-only for tokens` : 'not open to API tokens' };
}

/** What a token needs to call a root GraphQL field. */
export function graphqlRequirement(operation: 'query' | 'mutation', field: string): Requirement {
  const area = AREAS.find((a) => a.graphql?.test(field));
  return area ? requirementOf(area, operation === 'mutation') : NOT_CLAIMED;
}

/** What a token needs to read a nested GraphQL field (null: whatever its root field needed). */
export function nestedRequirement(field: string, returnType: string): Requirement | null {
  const area = AREAS.find((a) => a.nested && (a.nested.test(field) || a.nested.test(returnType)));
  return area ? requirementOf(area, false) : null;
}

/** What a token needs for a REST request (path under /api, as a pattern or a concrete path). */
export function restRequirement(method: string, path: string): Requirement {
  const key = `${method.toUpperCase()} ${path}`;
  const area = AREAS.find((a) => a.rest?.test(key));
  const write = !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
  return area ? requirementOf(area, write) : NOT_CLAIMED;
}

/** Whether a token with these scopes meets the requirement. */
export function allows(scopes: readonly string[], req: Requirement): boolean {
  if ('public' in req) return true;
  if ('never' in req) return false;
  return scopes.includes(req.scope);
}

/** The refusal's message. */
export function refusalMessage(req: Requirement): string {
  if ('never' in req) return `API tokens cannot do this (${req.never})`;
  if ('scope' in req) return `This API token lacks the ${req.scope} scope`;
  return 'Not allowed';
}
