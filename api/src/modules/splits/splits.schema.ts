/** GraphQL: a release's royalty splits (owner: all versions; collaborator: their own share), changes and invitations. */
import { formatMinor } from '@cadence/domain/money';
import { builder } from '../../graphql/builder.ts';
import { Release } from '../releases/releases.schema.ts';
import { Profile } from '../users/users.schema.ts';
import {
  getReleaseSplits,
  listSplitInvitations,
  listSplitSales,
  respondToSplit,
  setReleaseSplits,
  viewSplitInvitation,
  type ReleaseSplitsView,
  type SplitCollaboratorView,
  type SplitInvitationView,
  type SplitPartyView,
  type SplitSaleRow,
  type SplitVersionView,
} from './splits.service.ts';

const SplitStatusEnum = builder.enumType('SplitStatus', { values: ['INVITED', 'ACCEPTED', 'DECLINED'] as const });

const SplitParty = builder.objectRef<SplitPartyView>('SplitParty').implement({
  description: 'A collaborator and their share in one split version.',
  fields: (t) => ({
    collaboratorId: t.exposeID('collaboratorId'),
    email: t.exposeString('email'),
    basisPoints: t.exposeInt('basisPoints', { description: 'Share in basis points (3000 = 30%).' }),
    status: t.field({ type: SplitStatusEnum, resolve: (p) => p.status }),
  }),
});

const SplitVersion = builder.objectRef<SplitVersionView>('SplitVersion').implement({
  description: 'One version of the splits of a release (trackId null) or of one track; never rewritten.',
  fields: (t) => ({
    id: t.exposeID('id'),
    trackId: t.exposeID('trackId', { nullable: true }),
    trackTitle: t.exposeString('trackTitle', { nullable: true }),
    version: t.exposeInt('version', { description: 'Numbered per release or track, from 1.' }),
    effectiveFrom: t.exposeString('effectiveFrom', { description: 'Sales dated on or after this day (YYYY-MM-DD) are split by this version.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    parties: t.field({ type: [SplitParty], description: 'For a collaborator, only their own share.', resolve: (v) => v.parties }),
    ownerBasisPoints: t.exposeInt('ownerBasisPoints', { description: 'What the owner keeps.' }),
  }),
});

const SplitCollaborator = builder.objectRef<SplitCollaboratorView>('SplitCollaborator').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    status: t.field({ type: SplitStatusEnum, resolve: (c) => c.status }),
    respondedAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.respondedAt }),
    accrued: t.string({ description: 'Net earnings credited to them so far, USD with 2 decimals.', resolve: (c) => formatMinor(c.accruedMinor) }),
  }),
});

const ReleaseSplits = builder.objectRef<ReleaseSplitsView>('ReleaseSplits').implement({
  fields: (t) => ({
    releaseId: t.exposeID('releaseId'),
    releaseTitle: t.exposeString('releaseTitle'),
    versions: t.field({ type: [SplitVersion], description: 'Every version, newest first.', resolve: (s) => s.versions }),
    current: t.field({ type: [SplitVersion], description: 'The current version of the release and of each track with its own split.', resolve: (s) => s.current }),
    collaborators: t.field({ type: [SplitCollaborator], resolve: (s) => s.collaborators }),
    viewerIsOwner: t.exposeBoolean('viewerIsOwner', { description: 'Only the owner changes splits.' }),
  }),
});

const SplitInvitationShare = builder.objectRef<SplitInvitationView['shares'][number]>('SplitInvitationShare').implement({
  fields: (t) => ({ trackTitle: t.exposeString('trackTitle', { nullable: true, description: 'null for the whole release.' }), basisPoints: t.exposeInt('basisPoints') }),
});

const SplitInvitation = builder.objectRef<SplitInvitationView>('SplitInvitation').implement({
  description: 'A split offered to an email: the release, the shares and the answer.',
  fields: (t) => ({
    id: t.exposeID('id'),
    releaseId: t.exposeID('releaseId'),
    releaseTitle: t.exposeString('releaseTitle'),
    email: t.exposeString('email'),
    status: t.field({ type: SplitStatusEnum, resolve: (i) => i.status }),
    shares: t.field({ type: [SplitInvitationShare], resolve: (i) => i.shares }),
    accrued: t.string({ description: 'USD with 2 decimals.', resolve: (i) => formatMinor(i.accruedMinor) }),
  }),
});

builder.objectField(Release, 'splits', (t) =>
  t.field({
    type: ReleaseSplits,
    description: 'Royalty splits: every version for the owner; a collaborator sees only their own share.',
    resolve: (r, _a, ctx) => getReleaseSplits(ctx, r.id),
  }),
);

builder.objectField(Profile, 'splitInvitations', (t) =>
  t.field({ type: [SplitInvitation], description: 'Splits offered to the viewer’s verified email.', resolve: (_p, _a, ctx) => listSplitInvitations(ctx) }),
);

const SplitSale = builder.objectRef<SplitSaleRow>('SplitSale').implement({
  description: 'A sales line the viewer earns from as a collaborator, with their share (never the line amount of the owner).',
  fields: (t) => ({
    id: t.exposeID('id'),
    reportDate: t.exposeString('reportDate'),
    releaseTitle: t.exposeString('releaseTitle'),
    trackTitle: t.exposeString('trackTitle'),
    serviceName: t.exposeString('serviceName'),
    countryCode: t.exposeString('countryCode'),
    units: t.exposeInt('units'),
    basisPoints: t.exposeInt('basisPoints', { description: 'The viewer’s share on the line’s date.' }),
  }),
});

builder.objectField(Profile, 'splitSales', (t) =>
  t.field({ type: [SplitSale], description: 'Sales lines the viewer earns from as a split collaborator (newest 200).', resolve: (_p, _a, ctx) => listSplitSales(ctx) }),
);

builder.queryField('splitInvitation', (t) =>
  t.field({
    type: SplitInvitation,
    description: 'What a mailed invitation link offers (no sign-in needed). BAD_USER_INPUT key token-invalid when used or expired.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => viewSplitInvitation(ctx, a.token),
  }),
);

const SplitShareInput = builder.inputType('SplitShareInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    basisPoints: t.int({ required: true, description: 'Above 0; all shares together at most 10000 (100%).' }),
  }),
});

const SetReleaseSplitsInput = builder.inputType('SetReleaseSplitsInput', {
  fields: (t) => ({
    releaseId: t.id({ required: true }),
    trackId: t.id({ required: false, description: 'Split one track instead of the whole release.' }),
    shares: t.field({ type: [SplitShareInput], required: true, description: 'The collaborators; the owner keeps the rest. An empty list removes everyone from now on.' }),
    version: t.int({ required: false, description: 'The version last read (0 before the first); a newer one is CONFLICT key stale-version.' }),
  }),
});

const SetReleaseSplitsPayload = builder.objectRef<ReleaseSplitsView>('SetReleaseSplitsPayload').implement({
  fields: (t) => ({ splits: t.field({ type: ReleaseSplits, resolve: (s) => s }) }),
});

const RespondToSplitInput = builder.inputType('RespondToSplitInput', {
  fields: (t) => ({
    id: t.id({ required: false, description: 'The invitation (signed in with its verified email).' }),
    token: t.string({ required: false, description: 'The mailed link’s token (single use).' }),
  }),
});

const RespondToSplitPayload = builder.objectRef<SplitInvitationView>('RespondToSplitPayload').implement({
  fields: (t) => ({ invitation: t.field({ type: SplitInvitation, resolve: (i) => i }) }),
});

builder.mutationFields((t) => ({
  setReleaseSplits: t.field({
    type: SetReleaseSplitsPayload,
    authScopes: { signedIn: true },
    description: 'Owner only: saves a new split version effective today and mails new collaborators. Bad shares are BAD_USER_INPUT with fieldErrors; nothing is saved.',
    args: { input: t.arg({ type: SetReleaseSplitsInput, required: true }) },
    resolve: (_r, { input }, ctx) => setReleaseSplits(ctx, { releaseId: String(input.releaseId), trackId: input.trackId ? String(input.trackId) : null, shares: input.shares, version: input.version ?? null }),
  }),
  acceptSplit: t.field({
    type: RespondToSplitPayload,
    description: 'Accepts a split by its mailed token, or signed in by its id.',
    args: { input: t.arg({ type: RespondToSplitInput, required: true }) },
    resolve: (_r, { input }, ctx) => respondToSplit(ctx, { id: input.id ? String(input.id) : null, token: input.token ?? null }, 'ACCEPTED'),
  }),
  declineSplit: t.field({
    type: RespondToSplitPayload,
    description: 'Declines a split: from today the share returns to the owner.',
    args: { input: t.arg({ type: RespondToSplitInput, required: true }) },
    resolve: (_r, { input }, ctx) => respondToSplit(ctx, { id: input.id ? String(input.id) : null, token: input.token ?? null }, 'DECLINED'),
  }),
}));
