/** GraphQL: release transfers (a release already in stores, issue 23) and the artist's submitTransfer mutation. */
import { LIVE_STORES_MAX, PREVIOUS_DISTRIBUTOR_MAX } from '@cadence/domain/transfer';
import { builder } from '../../graphql/builder.ts';
import { Release, releasePayload, releaseReads } from './releases.schema.ts';
import { submitTransfer, transferOf, type CodeConflict, type TransferView } from './transfer.service.ts';

export const TransferReviewEnum = builder.enumType('TransferReview', {
  description: 'Where a transfer stands with staff.',
  values: {
    PENDING: { description: 'Codes are free; waiting for staff to confirm.' },
    CODE_CONFLICT: { description: 'A code is used by another account or is one of ours: staff decide.' },
    APPROVED: { description: 'Confirmed; sent to delivery with its original codes.' },
  } as const,
});

const TransferCodeKindEnum = builder.enumType('TransferCodeKind', {
  description: 'Which code of a transferred release.',
  values: {
    UPC: { description: 'The release’s UPC (barcode).' },
    ISRC: { description: 'A track’s ISRC.' },
  } as const satisfies Record<CodeConflict['kind'], { description: string }>,
});

/** Why staff must look at a transferred code; the internal values are the service's words (and the audit trail's). */
const TransferCodeConflictReasonEnum = builder.enumType('TransferCodeConflictReason', {
  description: 'Why a transferred code needs staff.',
  values: {
    CLAIMED: { value: 'claimed', description: 'Another transfer holds the code.' },
    IN_USE: { value: 'in-use', description: 'Another account’s release carries the code.' },
    OWN_PREFIX: { value: 'own-prefix', description: 'We issued the code (it has our prefix).' },
  } as const satisfies Record<string, { value: CodeConflict['reason']; description: string }>,
});

const CodeConflictRef = builder.objectRef<CodeConflict>('TransferCodeConflict').implement({
  description: 'A transferred code staff must look at, naming the other account when there is one.',
  fields: (t) => ({
    kind: t.expose('kind', { type: TransferCodeKindEnum, description: 'UPC or ISRC.' }),
    code: t.exposeString('code', { description: 'The UPC or ISRC in question.' }),
    reason: t.expose('reason', { type: TransferCodeConflictReasonEnum, description: "CLAIMED (another transfer holds it), IN_USE (another account's release carries it) or OWN_PREFIX (we issued it)." }),
    otherUserId: t.exposeID('otherUserId', { nullable: true, description: 'The other account holding the code; null when there is none (own-prefix).' }),
    otherReleaseId: t.exposeID('otherReleaseId', { nullable: true, description: 'The other release carrying the code; null when there is none.' }),
  }),
});

export const ReleaseTransferRef = builder.objectRef<TransferView>('ReleaseTransfer').implement({
  description: 'A release that came from another distributor with its existing codes.',
  fields: (t) => ({
    previousDistributor: t.exposeString('previousDistributor', { description: 'The distributor the release comes from, as the artist wrote it.' }),
    liveStores: t.exposeStringList('liveStores', { description: 'The stores where the release is live now, as the artist listed them.' }),
    review: t.expose('review', { type: TransferReviewEnum, description: 'Whether staff must check the codes before delivery.' }),
    conflicts: t.field({ type: [CodeConflictRef], description: 'The codes staff must look at; empty when none clash.', resolve: (v) => v.conflicts }),
    submittedAt: t.expose('submittedAt', { type: 'DateTime', description: 'When the transfer was submitted.' }),
    notice: t.exposeString('notice', { description: 'What the artist is told: keep it live at the old distributor until we confirm.' }),
  }),
});

builder.objectField(Release, 'transfer', (t) =>
  t.field({
    ...releaseReads({ keys: ['id'] }),
    type: ReleaseTransferRef,
    nullable: true,
    description: 'Set when the release was submitted as a transfer ("This release is already in stores").',
    resolve: (r, _a, ctx) => transferOf(ctx, r.id),
  }),
);

const TransferTrackInput = builder.inputType('TransferTrackInput', {
  fields: (t) => ({ trackId: t.id({ required: true }), isrc: t.string({ required: true, description: 'The ISRC the stores know the track by (CC-XXX-YY-NNNNN).' }) }),
});

const SubmitTransferInput = builder.inputType('SubmitTransferInput', {
  fields: (t) => ({
    releaseId: t.id({ required: true }),
    version: t.int({ required: false }),
    upc: t.string({ required: true, description: 'The existing UPC-A, EAN-13 or GTIN-14 with its check digit.' }),
    originalReleaseDate: t.field({ type: 'Date', required: true }),
    previousDistributor: t.string({ required: true, description: `At most ${PREVIOUS_DISTRIBUTOR_MAX} characters.` }),
    liveStores: t.stringList({ required: false, description: `Where it is live now; at most ${LIVE_STORES_MAX}.` }),
    tracks: t.field({ type: [TransferTrackInput], required: true, description: 'Every track of the release with its ISRC.' }),
  }),
});

const SubmitTransferPayload = releasePayload('SubmitTransferPayload');

builder.mutationField('submitTransfer', (t) =>
  t.field({
    type: SubmitTransferPayload,
    description: 'Submits a release already in stores as a transfer: codes are checked and locked, the release moves to IMPORTING.',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: SubmitTransferInput, required: true }) },
    resolve: async (_p, { input }, ctx) => {
      const view = await submitTransfer(ctx, { ...input, releaseId: String(input.releaseId), tracks: input.tracks.map((x) => ({ trackId: String(x.trackId), isrc: x.isrc })) });
      return { releaseId: view.releaseId };
    },
  }),
);
