/** GraphQL: a release's royalty splits (owner: all versions; collaborator: their own share), changes and invitations. */
import { formatMinor } from '@cadence/domain/money';
import { builder } from '../../graphql/builder.ts';
import { Release, releaseReads } from '../releases/releases.schema.ts';
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

const SplitStatusEnum = builder.enumType('SplitStatus', {
  description: 'A collaborator’s answer to a split offered to them.',
  values: {
    INVITED: { description: 'Mailed; no answer yet.' },
    ACCEPTED: { description: 'The collaborator accepted the split.' },
    DECLINED: { description: 'The collaborator declined; from that day their share returns to the owner.' },
  } as const,
});

const SplitParty = builder.objectRef<SplitPartyView>('SplitParty').implement({
  description: 'A collaborator and their share in one split version.',
  fields: (t) => ({
    collaboratorId: t.exposeID('collaboratorId', { description: 'The collaborator (as in ReleaseSplits.collaborators).' }),
    email: t.exposeString('email', { description: 'The collaborator’s email.' }),
    basisPoints: t.exposeInt('basisPoints', { description: 'Share in basis points (3000 = 30%).' }),
    status: t.field({ type: SplitStatusEnum, description: 'INVITED, ACCEPTED or DECLINED.', resolve: (p) => p.status }),
  }),
});

const SplitVersion = builder.objectRef<SplitVersionView>('SplitVersion').implement({
  description: 'One version of the splits of a release (trackId null) or of one track; never rewritten.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The split version’s identifier.' }),
    trackId: t.exposeID('trackId', { nullable: true, description: 'The track this version splits; null for the whole release.' }),
    trackTitle: t.exposeString('trackTitle', { nullable: true, description: 'That track’s title; null for the whole release.' }),
    version: t.exposeInt('version', { description: 'Numbered per release or track, from 1.' }),
    effectiveFrom: t.exposeString('effectiveFrom', { description: 'Sales dated on or after this day (YYYY-MM-DD) are split by this version.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the owner saved this version.' }),
    parties: t.field({ type: [SplitParty], description: 'For a collaborator, only their own share.', resolve: (v) => v.parties }),
    ownerBasisPoints: t.exposeInt('ownerBasisPoints', { description: 'What the owner keeps.' }),
  }),
});

const SplitCollaborator = builder.objectRef<SplitCollaboratorView>('SplitCollaborator').implement({
  description: 'Someone the owner offered a share of the release to, with what they earned so far.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The collaborator’s identifier on this release.' }),
    email: t.exposeString('email', { description: 'The address the split was offered to.' }),
    status: t.field({ type: SplitStatusEnum, description: 'INVITED, ACCEPTED or DECLINED.', resolve: (c) => c.status }),
    respondedAt: t.field({ type: 'DateTime', nullable: true, description: 'When they accepted or declined; null while INVITED.', resolve: (c) => c.respondedAt }),
    accrued: t.string({ description: 'Net earnings credited to them so far, USD with 2 decimals.', resolve: (c) => formatMinor(c.accruedMinor) }),
  }),
});

const ReleaseSplits = builder.objectRef<ReleaseSplitsView>('ReleaseSplits').implement({
  description: 'The royalty splits of one release: its versions, the current ones and the collaborators.',
  fields: (t) => ({
    releaseId: t.exposeID('releaseId', { description: 'The release split.' }),
    releaseTitle: t.exposeString('releaseTitle', { description: 'That release’s title.' }),
    versions: t.field({ type: [SplitVersion], description: 'Every version, newest first.', resolve: (s) => s.versions }),
    current: t.field({ type: [SplitVersion], description: 'The current version of the release and of each track with its own split.', resolve: (s) => s.current }),
    collaborators: t.field({ type: [SplitCollaborator], description: 'Everyone offered a share; a collaborator sees only themself.', resolve: (s) => s.collaborators }),
    viewerIsOwner: t.exposeBoolean('viewerIsOwner', { description: 'Only the owner changes splits.' }),
  }),
});

const SplitInvitationShare = builder.objectRef<SplitInvitationView['shares'][number]>('SplitInvitationShare').implement({
  description: 'One share offered: of the whole release or of one track.',
  fields: (t) => ({
    trackTitle: t.exposeString('trackTitle', { nullable: true, description: 'null for the whole release.' }),
    basisPoints: t.exposeInt('basisPoints', { description: 'The share in basis points (3000 = 30%).' }),
  }),
});

const SplitInvitation = builder.objectRef<SplitInvitationView>('SplitInvitation').implement({
  description: 'A split offered to an email: the release, the shares and the answer.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The invitation’s identifier (give it to acceptSplit or declineSplit when signed in).' }),
    releaseId: t.exposeID('releaseId', { description: 'The release whose earnings are shared.' }),
    releaseTitle: t.exposeString('releaseTitle', { description: 'That release’s title.' }),
    email: t.exposeString('email', { description: 'The address the split was offered to.' }),
    status: t.field({ type: SplitStatusEnum, description: 'INVITED, ACCEPTED or DECLINED.', resolve: (i) => i.status }),
    shares: t.field({ type: [SplitInvitationShare], description: 'The shares offered, in the current split versions.', resolve: (i) => i.shares }),
    accrued: t.string({ description: 'USD with 2 decimals.', resolve: (i) => formatMinor(i.accruedMinor) }),
  }),
});

builder.objectField(Release, 'splits', (t) =>
  t.field({
    ...releaseReads({ keys: ['id'] }),
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
    id: t.exposeID('id', { description: 'The sales line’s identifier.' }),
    reportDate: t.exposeString('reportDate', { description: 'The day the store reported the sale (YYYY-MM-DD).' }),
    releaseTitle: t.exposeString('releaseTitle', { description: 'The release sold.' }),
    trackTitle: t.exposeString('trackTitle', { description: 'The track sold.' }),
    serviceName: t.exposeString('serviceName', { description: 'The store (DSP) that reported it.' }),
    countryCode: t.exposeString('countryCode', { description: 'ISO 3166-1 alpha-2 country of the sale.' }),
    units: t.exposeInt('units', { description: 'Streams or downloads on the line.' }),
    basisPoints: t.exposeInt('basisPoints', { description: 'The viewer’s share on the line’s date.' }),
  }),
});

builder.objectField(Profile, 'splitSales', (t) =>
  t.field({ type: [SplitSale], description: 'Sales the viewer earns from as a split collaborator, summed by day, track, store and country (newest 200).', resolve: (_p, _a, ctx) => listSplitSales(ctx) }),
);

builder.queryField('splitInvitation', (t) =>
  t.field({
    type: SplitInvitation,
    description: 'What a mailed invitation link offers (no sign-in needed). BAD_USER_INPUT key token-invalid when used or expired.',
    args: { token: t.arg.string({ required: true, description: 'The token from the mailed link.' }) },
    resolve: (_r, a, ctx) => viewSplitInvitation(ctx, a.token),
  }),
);

const SplitShareInput = builder.inputType('SplitShareInput', {
  description: 'One collaborator’s share in a new split version.',
  fields: (t) => ({
    email: t.string({ required: true, description: 'The collaborator’s email; a new address is mailed an invitation.' }),
    basisPoints: t.int({ required: true, description: 'Above 0; all shares together at most 10000 (100%).' }),
  }),
});

const SetReleaseSplitsInput = builder.inputType('SetReleaseSplitsInput', {
  description: 'A new split version for a release, or for one of its tracks.',
  fields: (t) => ({
    releaseId: t.id({ required: true, description: 'One of the viewer’s releases.' }),
    trackId: t.id({ required: false, description: 'Split one track instead of the whole release.' }),
    shares: t.field({ type: [SplitShareInput], required: true, description: 'The collaborators; the owner keeps the rest. An empty list removes everyone from now on.' }),
    version: t.int({ required: false, description: 'The version last read (0 before the first); a newer one is CONFLICT key stale-version.' }),
  }),
});

const SetReleaseSplitsPayload = builder.objectRef<ReleaseSplitsView>('SetReleaseSplitsPayload').implement({
  description: 'The answer to setReleaseSplits.',
  fields: (t) => ({ splits: t.field({ type: ReleaseSplits, description: 'The release’s splits with the new version.', resolve: (s) => s }) }),
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
    args: { input: t.arg({ type: SetReleaseSplitsInput, required: true, description: 'The release or track and the shares.' }) },
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
