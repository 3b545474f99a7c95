/** GraphQL: the operations console (staff only): review queue, review, account page, audit log, roles. */
import { TEXT_LIMITS, limitDescription } from '@cadence/domain/text-limits';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import type { AuditCategory, AuditSubcategory } from '../../generated/prisma/client.ts';
import { builder } from '../../graphql/builder.ts';
import { ArtistRoleEnum, ReleaseStatusEnum } from '../releases/releases.schema.ts';
import { AccountStatusEnum, UserRoleEnum } from '../users/users.schema.ts';
import { UserSummaryRef } from '../support/support.schema.ts';
import { ReleaseDelivery } from '../delivery/delivery.schema.ts';
import { deliveriesOf } from '../delivery/delivery.service.ts';
import type { AuditEventView, AuditLogPayload } from '../audit/audit.service.ts';
import {
  adminEditRelease,
  approveRelease,
  getReviewRelease,
  listReviewQueue,
  rejectRelease,
  type ReviewCredit,
  type ReviewQueuePayload,
  type ReviewRelease,
  type ReviewTrack,
  type StaffReleaseSummary,
} from '../releases/release-review.service.ts';
import type { CheckIssue } from '../releases/release-check.ts';
import { ReleaseTransferRef } from '../releases/transfer.schema.ts';
import { importRoster, type RosterResult } from '../users/roster-import.service.ts';
import { changeUserRole, type StaffAccountView } from '../support/support.service.ts';
import { consoleAbilities, releaseAuditLog, staffAccountPage, userAuditLog, type StaffAccountPage } from './console.service.ts';

const ConsoleAbilities = builder.objectRef<ReturnType<typeof consoleAbilities>>('ConsoleAbilities').implement({
  description: 'What the signed-in staff member may do in the operations console (support or admin).',
  fields: (t) => ({
    reviewReleases: t.exposeBoolean('reviewReleases'),
    manageAccounts: t.exposeBoolean('manageAccounts'),
    readAuditLog: t.exposeBoolean('readAuditLog'),
    manageStaff: t.exposeBoolean('manageStaff', { description: 'Admin only: change a person’s role.' }),
    manageStoreEndpoints: t.exposeBoolean('manageStoreEndpoints', { description: 'Admin only.' }),
    importSales: t.exposeBoolean('importSales', { description: 'Admin only.' }),
    liftSuperBlock: t.exposeBoolean('liftSuperBlock', { description: 'Admin only: unblock a super-blocked account.' }),
  }),
});

const ReviewCreditRef = builder.objectRef<ReviewCredit>('ReviewCredit').implement({
  fields: (t) => ({
    artistName: t.exposeString('artistName'),
    // The review view names the role (REST /admin/releases/:id answers the name); the enum's values are the role ids.
    role: t.field({ type: ArtistRoleEnum, description: 'PRIMARY, FEATURED, COMPOSER, LYRICIST, PRODUCER or REMIXER.', resolve: (c) => ARTIST_ROLE[c.role as keyof typeof ARTIST_ROLE] }),
    trackId: t.exposeID('trackId', { nullable: true }),
  }),
});

const ReviewCheckIssue = builder.objectRef<CheckIssue>('ReviewCheckIssue').implement({
  description: 'One problem the release check finds now (none for a release that still passes).',
  fields: (t) => ({
    field: t.exposeString('field'),
    key: t.exposeString('key'),
    message: t.exposeString('message'),
    trackNumber: t.exposeInt('trackNumber', { nullable: true }),
  }),
});

const ReviewTrackRef = builder.objectRef<ReviewTrack>('ReviewTrack').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    number: t.int({ description: '1-based number in the release.', resolve: (tr) => tr.position + 1 }),
    title: t.exposeString('title'),
    isrc: t.exposeString('isrc', { nullable: true }),
    durationMs: t.exposeInt('durationMs', { nullable: true }),
    fileName: t.exposeString('fileName', { nullable: true }),
    sampleRate: t.exposeInt('sampleRate', { nullable: true }),
    bitDepth: t.exposeInt('bitDepth', { nullable: true }),
    channels: t.exposeInt('channels', { nullable: true }),
    explicitLyrics: t.exposeBoolean('explicitLyrics'),
    isRemix: t.exposeBoolean('isRemix'),
    isCover: t.exposeBoolean('isCover'),
    audioUrl: t.string({ nullable: true, description: 'Streams the audio to staff (supports Range requests).', resolve: (tr) => (tr.hasAudio ? `/api/admin/tracks/${tr.id}/audio` : null) }),
    credits: t.field({ type: [ReviewCreditRef], resolve: (tr) => tr.credits }),
  }),
});

const ReviewOwner = builder.objectRef<ReviewRelease['owner']>('ReviewOwner').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    artistName: t.exposeString('artistName', { nullable: true }),
  }),
});

const ReviewReleaseRef = builder.objectRef<ReviewRelease>('ReviewRelease').implement({
  description: 'A release as a reviewer sees it: metadata, cover, credits, tracks with audio, and the check results.',
  fields: (t) => ({
    id: t.exposeID('id'),
    owner: t.field({ type: ReviewOwner, resolve: (r) => r.owner }),
    title: t.exposeString('title'),
    status: t.expose('status', { type: ReleaseStatusEnum }),
    version: t.exposeInt('version', { description: 'Send it back with approve, reject or edit: a release changed since is a CONFLICT.' }),
    genre: t.exposeString('genre', { nullable: true }),
    genreId: t.exposeString('genreId', { nullable: true }),
    language: t.exposeString('language'),
    upc: t.exposeString('upc', { nullable: true }),
    catalogNumber: t.exposeString('catalogNumber', { nullable: true }),
    labelName: t.exposeString('labelName', { nullable: true }),
    pLine: t.exposeString('pLine', { nullable: true }),
    cLine: t.exposeString('cLine', { nullable: true }),
    releaseDate: t.exposeString('releaseDate', { nullable: true }),
    originalReleaseDate: t.exposeString('originalReleaseDate', { nullable: true }),
    territoryAllowed: t.exposeBoolean('territoryAllowed', { nullable: true }),
    territoryCountryCodes: t.exposeStringList('territoryCountryCodes'),
    submittedAt: t.expose('submittedAt', { type: 'DateTime', nullable: true }),
    coverUrl: t.string({ nullable: true, resolve: (r) => (r.hasCover ? `/api/admin/releases/${r.id}/cover` : null) }),
    coverWidth: t.exposeInt('coverWidth', { nullable: true }),
    coverHeight: t.exposeInt('coverHeight', { nullable: true }),
    outlets: t.exposeStringList('outlets'),
    credits: t.field({ type: [ReviewCreditRef], resolve: (r) => r.credits }),
    tracks: t.field({ type: [ReviewTrackRef], resolve: (r) => r.tracks }),
    checkIssues: t.field({ type: [ReviewCheckIssue], resolve: (r) => r.checkIssues }),
    rejectionReasons: t.exposeStringList('rejectionReasons', { description: "As the artist reads them ('Track N: reason')." }),
    transfer: t.field({ type: ReleaseTransferRef, nullable: true, description: 'Set for a release transferred from another distributor: its previous distributor and any code conflict.', resolve: (r) => r.transfer }),
    deliveries: t.field({
      type: [ReleaseDelivery],
      description: 'Messages sent to stores, newest first (staff mark a sent one acknowledged).',
      resolve: async (r, _a, ctx) => (await deliveriesOf(ctx.prisma, [r.id])).get(r.id) ?? [],
    }),
  }),
});

const ReviewQueue = builder.objectRef<ReviewQueuePayload>('ReviewQueue').implement({
  fields: (t) => ({
    releases: t.field({ type: [ReviewReleaseRef], resolve: (p) => p.releases }),
    hasMore: t.exposeBoolean('hasMore'),
    endCursor: t.exposeID('endCursor', { nullable: true, description: 'Pass as `after` for the next page.' }),
    totalCount: t.exposeInt('totalCount'),
  }),
});

const ReviewQueueInput = builder.inputType('ReviewQueueInput', {
  fields: (t) => ({
    status: t.field({ type: ReleaseStatusEnum, required: false, description: 'VALIDATED (the review queue) when absent.' }),
    first: t.int({ required: false, description: '1-100, 25 by default.' }),
    after: t.id({ required: false }),
  }),
});

const AuditPerson = builder.objectRef<NonNullable<AuditEventView['actor']>>('AuditPerson').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    name: t.string({ resolve: (p) => [p.firstName, p.lastName].filter(Boolean).join(' ') }),
  }),
});

const AuditCategoryEnum = builder.enumType('AuditCategory', {
  description: 'What an audit event is about.',
  values: {
    USER: { description: 'A person’s account details: sign-up, profile, email, password, removal.' },
    PLAN: { description: 'The plan an account is on.' },
    SUBSCRIPTION: { description: 'Paying for a plan: auto-renewal and failed charges.' },
    RELEASE: { description: 'A release, its tracks, cover, credits, transfer or catalogue import.' },
    ACCOUNT: { description: 'Access to an account: blocking, locking, staff roles, split earnings claimed.' },
    PAYMENT: { description: 'Payment methods and payments.' },
    PROMO_CODE: { description: 'A promo code used.' },
    DELIVERY: { description: 'Store endpoints and delivery acknowledgements (staff).' },
    WITHDRAWAL: { description: 'A withdrawal of earnings.' },
    CATALOG_EXPORT: { description: 'A download of the whole catalogue.' },
    SUPPORT: { description: 'What staff did: acting as a person, messages, sales reports, jobs.' },
  } as const satisfies Record<AuditCategory, { description: string }>,
});

const AuditSubcategoryEnum = builder.enumType('AuditSubcategory', {
  description: 'What happened, within its category.',
  values: {
    EMAIL_SENT: { description: 'A mail was sent to the person.' },
    EMAIL_SAVED: { description: 'A new email address was confirmed and saved.' },
    USER_CREATED: { description: 'The account was created (sign-up).' },
    USER_EDITED: { description: 'Profile details were changed.' },
    USER_REMOVED: { description: 'The account was deleted.' },
    USER_IMPORTED: { description: 'The account was created by a label roster import.' },
    PASSWORD_RESET: { description: 'The password was reset through a mailed link.' },
    PAYPAL_EMAIL_UPDATE: { description: 'The PayPal email of the profile changed.' },
    PLAN_DOWNGRADE: { description: 'The account went down to a lower plan (an unpaid renewal).' },
    PLAN_UPDATED_BY_USER: { description: 'The person bought or changed their plan.' },
    PLAN_AUTORENEWED: { description: 'The plan renewed for another period.' },
    AUTORENEW_UPDATE: { description: 'Auto-renewal was switched on or off.' },
    UNSUCCESSFUL_SUBSCRIPTION: { description: 'Buying a plan failed at the payment.' },
    SUBSCRIPTION_PAST_DUE: { description: 'A renewal could not be charged: the subscription is past due.' },
    SUBSCRIPTION_CHARGED_UNSUCCESSFULLY: { description: 'One attempt to charge a renewal failed.' },
    RELEASE_START: { description: 'A release was started.' },
    STATUS_CHANGE: { description: 'A release moved to another status.' },
    TAKEDOWN_AWAITING: { description: 'A takedown was asked for and waits for the stores.' },
    SUBMIT: { description: 'A release was submitted for review.' },
    DELETE: { description: 'A release was deleted.' },
    RELEASE_EDITED: { description: 'A release’s details were changed.' },
    TRACK_EDITED: { description: 'A track’s details were changed.' },
    COVER_EDITED: { description: 'A release’s cover art was changed.' },
    CREDIT_EDITED: { description: 'An artist credit was added or removed.' },
    TRANSFER_SUBMITTED: { description: 'A release already in stores was submitted as a transfer with its codes.' },
    TRANSFER_CODE_CONFLICT: { description: 'A transferred UPC or ISRC is used by another account or is one of ours: staff must review it.' },
    TRANSFER_APPROVED: { description: 'Staff approved a transfer: it goes to delivery with its original codes.' },
    CATALOG_IMPORT_UPLOADED: { description: 'A catalogue file (DDEX ERN or CSV) was uploaded for import.' },
    BLOCK_ACCOUNT: { description: 'Staff blocked the account.' },
    UNBLOCK_ACCOUNT: { description: 'Staff unblocked the account.' },
    ACCOUNT_LOCKED: { description: 'The account was locked after failed sign-ins.' },
    ACCOUNT_UNLOCKED: { description: 'The account was unlocked.' },
    ROLE_CHANGED: { description: 'An admin changed the person’s staff role.' },
    PAYMENT_UPDATE: { description: 'The saved payment method changed.' },
    PAYMENT_EXPIRED: { description: 'A payment left pending too long was expired and what it held released.' },
    PROMO_CODE_USAGE: { description: 'A promo code was applied to a purchase.' },
    STORE_ENDPOINT_EDITED: { description: 'A store’s delivery endpoint was set or removed.' },
    DELIVERY_ACKNOWLEDGED: { description: 'Staff marked a delivery acknowledged by the store.' },
    WITHDRAWAL: { description: 'A step of a withdrawal.' },
    CATALOG_EXPORT_REQUESTED: { description: 'A catalogue download was asked for.' },
    CATALOG_EXPORT_STARTED: { description: 'A catalogue download started.' },
    IMPERSONATION_START: { description: 'Staff started acting as the person.' },
    IMPERSONATION_END: { description: 'Staff stopped acting as the person.' },
    ACTED_AS_USER: { description: 'A change made by staff while acting as the person.' },
    IN_APP_MESSAGE_CHANGED: { description: 'Staff created, changed or archived an in-app message.' },
    SALES_REPORT_UPLOADED: { description: 'Staff uploaded a store sales report.' },
    SALES_LINE_ATTACHED: { description: 'Staff attached an unmatched sales line to a track.' },
    SALES_LINE_UNCLAIMED: { description: 'Staff left an unmatched sales line unclaimed.' },
    JOB_RETRIED: { description: 'Staff ran a failed job again.' },
    JOB_CANCELLED: { description: 'Staff cancelled a failed job.' },
    SPLITS_CHANGED: { description: 'The owner saved a new version of a release’s or track’s splits.' },
    SPLIT_ACCEPTED: { description: 'A collaborator accepted a split.' },
    SPLIT_DECLINED: { description: 'A collaborator declined a split.' },
    SPLIT_CLAIMED: { description: 'Split earnings kept for an email moved to the account that verified it.' },
  } as const satisfies Record<AuditSubcategory, { description: string }>,
});

const AuditEventRef = builder.objectRef<AuditEventView>('AuditEvent').implement({
  description: 'One entry of the append-only audit trail.',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    category: t.expose('category', { type: AuditCategoryEnum, description: 'What the event is about.' }),
    subcategory: t.expose('subcategory', { type: AuditSubcategoryEnum, description: 'What happened.' }),
    userId: t.exposeID('userId', { nullable: true }),
    actor: t.field({ type: AuditPerson, nullable: true, description: 'Who did it (staff, the person, or nobody for the system).', resolve: (e) => e.actor }),
    impersonator: t.field({ type: AuditPerson, nullable: true, description: 'Staff acting as the person, when they were.', resolve: (e) => e.impersonator }),
    entityType: t.exposeString('entityType', { nullable: true }),
    entityId: t.exposeID('entityId', { nullable: true }),
    oldValues: t.string({ nullable: true, description: 'JSON text.', resolve: (e) => (e.oldValues === null ? null : JSON.stringify(e.oldValues)) }),
    newValues: t.string({ nullable: true, description: 'JSON text.', resolve: (e) => (e.newValues === null ? null : JSON.stringify(e.newValues)) }),
  }),
});

const AuditLog = builder.objectRef<AuditLogPayload>('AuditLog').implement({
  fields: (t) => ({
    events: t.field({ type: [AuditEventRef], resolve: (p) => p.events }),
    hasMore: t.exposeBoolean('hasMore'),
    endCursor: t.exposeID('endCursor', { nullable: true, description: 'Pass as `after` for the next (older) page.' }),
  }),
});

const UserAuditLogInput = builder.inputType('UserAuditLogInput', {
  fields: (t) => ({ userId: t.id({ required: true }), first: t.int({ required: false, description: '1-100, 50 by default.' }), after: t.id({ required: false }) }),
});
const ReleaseAuditLogInput = builder.inputType('ReleaseAuditLogInput', {
  fields: (t) => ({ releaseId: t.id({ required: true }), first: t.int({ required: false, description: '1-100, 50 by default.' }), after: t.id({ required: false }) }),
});

const StaffReleaseSummaryRef = builder.objectRef<StaffReleaseSummary>('StaffReleaseSummary').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    status: t.expose('status', { type: ReleaseStatusEnum }),
    releaseDate: t.exposeString('releaseDate', { nullable: true }),
    submittedAt: t.expose('submittedAt', { type: 'DateTime', nullable: true }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const StaffAccount = builder.objectRef<StaffAccountView>('StaffAccount').implement({
  description: "A person's account as staff see it.",
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    primaryArtists: t.exposeStringList('primaryArtists'),
    role: t.expose('role', { type: UserRoleEnum }),
    status: t.expose('status', { type: AccountStatusEnum }),
    statusReason: t.exposeString('statusReason', { nullable: true }),
    statusChangedAt: t.expose('statusChangedAt', { type: 'DateTime', nullable: true }),
    isLocked: t.exposeBoolean('isLocked'),
    emailVerified: t.exposeBoolean('emailVerified'),
    country: t.exposeString('country', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastSignInAt: t.expose('lastSignInAt', { type: 'DateTime', nullable: true }),
    plan: t.exposeString('plan'),
    balance: t.string({ nullable: true, description: "The wallet's balance from the ledger, formatted ('$120.00'); read-only.", resolve: (a) => a.balance }),
  }),
});

const StaffAccountPageRef = builder.objectRef<StaffAccountPage>('StaffAccountPage').implement({
  fields: (t) => ({
    account: t.field({ type: StaffAccount, resolve: (p) => p.account }),
    releases: t.field({ type: [StaffReleaseSummaryRef], resolve: (p) => p.releases }),
  }),
});

builder.queryFields((t) => ({
  consoleAbilities: t.field({
    type: ConsoleAbilities,
    authScopes: { support: true },
    description: 'What the signed-in staff member may do in the console.',
    resolve: (_r, _a, ctx) => consoleAbilities(ctx),
  }),
  reviewQueue: t.field({
    type: ReviewQueue,
    authScopes: { support: true },
    description: 'Releases waiting for review (VALIDATED), oldest submission first.',
    args: { input: t.arg({ type: ReviewQueueInput, required: false }) },
    resolve: (_r, { input }, ctx) => listReviewQueue(ctx, { status: input?.status, first: input?.first, after: input?.after ? String(input.after) : null }),
  }),
  reviewRelease: t.field({
    type: ReviewReleaseRef,
    authScopes: { support: true },
    description: 'Any release (not deleted) as a reviewer sees it.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => getReviewRelease(ctx, String(a.id)),
  }),
  staffAccount: t.field({
    type: StaffAccountPageRef,
    authScopes: { support: true },
    description: "A person's account page: profile, plan, status, releases.",
    args: { userId: t.arg.id({ required: true }) },
    resolve: (_r, a, ctx) => staffAccountPage(ctx, String(a.userId)),
  }),
  userAuditLog: t.field({
    type: AuditLog,
    authScopes: { support: true },
    description: 'The audit history of one account, newest first.',
    args: { input: t.arg({ type: UserAuditLogInput, required: true }) },
    resolve: (_r, { input }, ctx) => userAuditLog(ctx, { userId: String(input.userId), first: input.first, after: input.after ? String(input.after) : null }),
  }),
  releaseAuditLog: t.field({
    type: AuditLog,
    authScopes: { support: true },
    description: 'The audit history of one release and its tracks, newest first.',
    args: { input: t.arg({ type: ReleaseAuditLogInput, required: true }) },
    resolve: (_r, { input }, ctx) => releaseAuditLog(ctx, { releaseId: String(input.releaseId), first: input.first, after: input.after ? String(input.after) : null }),
  }),
}));

const ReviewReleasePayload = (name: string) =>
  builder.objectRef<{ releaseId: string }>(name).implement({
    fields: (t) => ({ release: t.field({ type: ReviewReleaseRef, resolve: (p, _a, ctx) => getReviewRelease(ctx, p.releaseId) }) }),
  });
const ApproveReleasePayload = ReviewReleasePayload('ApproveReleasePayload');
const RejectReleasePayload = ReviewReleasePayload('RejectReleasePayload');
const AdminEditReleasePayload = ReviewReleasePayload('AdminEditReleasePayload');

const ApproveReleaseInput = builder.inputType('ApproveReleaseInput', {
  fields: (t) => ({ releaseId: t.id({ required: true }), version: t.int({ required: false, description: 'The version reviewed.' }) }),
});
const RejectionReasonInput = builder.inputType('RejectionReasonInput', {
  fields: (t) => ({
    trackId: t.id({ required: false, description: 'The track the reason is about; absent for the whole release.' }),
    reason: t.string({ required: true, description: limitDescription(TEXT_LIMITS.message) }),
  }),
});
const RejectReleaseInput = builder.inputType('RejectReleaseInput', {
  fields: (t) => ({
    releaseId: t.id({ required: true }),
    reasons: t.field({ type: [RejectionReasonInput], required: true, description: 'At least one; the artist reads track reasons as "Track N: reason".' }),
    version: t.int({ required: false }),
  }),
});
const AdminEditReleaseInput = builder.inputType('AdminEditReleaseInput', {
  description: 'Only the fields given change; the rules of the artist’s own edit apply.',
  fields: (t) => ({
    releaseId: t.id({ required: true }),
    version: t.int({ required: false }),
    title: t.string({ required: false, description: limitDescription(TEXT_LIMITS.releaseTitle) }),
    genreId: t.string({ required: false }),
    languageId: t.string({ required: false }),
    catalogNumber: t.string({ required: false, description: limitDescription(TEXT_LIMITS.catalogNumber) }),
    upc: t.string({ required: false }),
    releaseDate: t.string({ required: false, description: 'YYYY-MM-DD' }),
    originalReleaseDate: t.string({ required: false, description: 'YYYY-MM-DD' }),
  }),
});
const ChangeUserRoleInput = builder.inputType('ChangeUserRoleInput', {
  fields: (t) => ({ userId: t.id({ required: true }), role: t.field({ type: UserRoleEnum, required: true }) }),
});
const ChangeUserRolePayload = builder.objectRef<{ user: Awaited<ReturnType<typeof changeUserRole>> }>('ChangeUserRolePayload').implement({
  fields: (t) => ({ user: t.field({ type: UserSummaryRef, resolve: (p) => p.user }) }),
});

builder.mutationFields((t) => ({
  approveRelease: t.field({
    type: ApproveReleasePayload,
    authScopes: { support: true },
    description: 'Approves a VALIDATED release (APPROVED) and queues its delivery.',
    args: { input: t.arg({ type: ApproveReleaseInput, required: true }) },
    resolve: (_r, { input }, ctx) => approveRelease(ctx, { releaseId: String(input.releaseId), version: input.version }),
  }),
  rejectRelease: t.field({
    type: RejectReleasePayload,
    authScopes: { support: true },
    description: 'Rejects a VALIDATED release (REJECTED) with release-level and per-track reasons.',
    args: { input: t.arg({ type: RejectReleaseInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      rejectRelease(ctx, {
        releaseId: String(input.releaseId),
        version: input.version,
        reasons: input.reasons.map((r) => ({ trackId: r.trackId ? String(r.trackId) : null, reason: r.reason })),
      }),
  }),
  adminEditRelease: t.field({
    type: AdminEditReleasePayload,
    authScopes: { support: true },
    description: 'Staff correct a release in review (ADMIN_EDIT); audited with old and new values.',
    args: { input: t.arg({ type: AdminEditReleaseInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const { releaseId, ...fields } = input;
      const patch = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null));
      return adminEditRelease(ctx, { ...patch, releaseId: String(releaseId), version: input.version });
    },
  }),
  changeUserRole: t.field({
    type: ChangeUserRolePayload,
    authScopes: { admin: true },
    description: 'Admin only: makes a person a user, support or admin; their sessions end.',
    args: { input: t.arg({ type: ChangeUserRoleInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ user: await changeUserRole(ctx, { userId: String(input.userId), role: input.role }) }),
  }),
}));

const RosterInvited = builder.objectRef<RosterResult['invited'][number]>('RosterInvited').implement({
  fields: (t) => ({ line: t.exposeInt('line'), email: t.exposeString('email'), userId: t.exposeID('userId') }),
});
const RosterError = builder.objectRef<RosterResult['errors'][number]>('RosterError').implement({
  fields: (t) => ({ line: t.exposeInt('line'), email: t.exposeString('email', { nullable: true }), message: t.exposeString('message') }),
});
const ImportLabelRosterInput = builder.inputType('ImportLabelRosterInput', {
  fields: (t) => ({ csv: t.string({ required: true, description: 'CSV with the header email,first_name,last_name,artist_names (artist names separated by ;).' }) }),
});
const ImportLabelRosterPayload = builder.objectRef<RosterResult>('ImportLabelRosterPayload').implement({
  fields: (t) => ({ invited: t.field({ type: [RosterInvited], resolve: (r) => r.invited }), errors: t.field({ type: [RosterError], resolve: (r) => r.errors }) }),
});

builder.mutationField('importLabelRoster', (t) =>
  t.field({
    type: ImportLabelRosterPayload,
    authScopes: { support: true },
    description: "Staff import a label's roster: each new person gets a set-password email, audited as user imported.",
    args: { input: t.arg({ type: ImportLabelRosterInput, required: true }) },
    resolve: (_r, { input }, ctx) => importRoster(ctx, input.csv),
  }),
);
