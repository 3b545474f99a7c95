/** The legacy REST shapes of releases and tracks (core §3 field names), built from one query. */
import { rejectionReasonLines } from '@cadence/domain/rejection-comment';
import { releaseArtistName, releaseDateText, releaseFlags } from '@cadence/domain/release-rules';
import { formatCountryCodes } from '@cadence/domain/territory';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { isRemix } from '@cadence/domain/track-rules';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { Viewer } from '../../context.ts';
import { releaseAbilities } from './release.policy.ts';
import { dateOnly, statusName, toReleaseLike, todayUtc } from './release-model.ts';

const CREDIT_SELECT = { id: true, artistName: true, artistRelationTypeId: true, trackId: true, position: true } as const;

const TRACK_REST_SELECT = {
  id: true, title: true, audioFileId: true, isrc: true, genreId: true, recordingVersionId: true, isCover: true, releaseId: true, userId: true,
  languageId: true, explicitLyrics: true, isRemix: true, fileName: true, position: true, sampleRate: true, bitDepth: true, channels: true,
  durationMs: true, codec: true,
} as const;

/**
 * What a REST release answer reads, and nothing more (storage keys, checksums and delivery
 * columns stay in the database): one query with its tracks and credits, whatever their number.
 */
export const RELEASE_REST_SELECT = {
  id: true, userId: true, title: true, genreId: true, status: true, languageId: true, coverArtFileId: true, comment: true,
  territoryAllowed: true, territoryCountryCodes: true, upc: true, catalogNumber: true, releaseDate: true, originalReleaseDate: true,
  isDDex: true, takedownDate: true, rejectDate: true, version: true, createdAt: true, updatedAt: true,
  tracks: { orderBy: { position: 'asc' }, select: { ...TRACK_REST_SELECT, artistCredits: { select: CREDIT_SELECT, orderBy: [{ artistRelationTypeId: 'asc' }, { position: 'asc' }] } } },
  artistCredits: { where: { trackId: null }, select: CREDIT_SELECT, orderBy: { position: 'asc' } },
  outlets: { select: { dsp: { select: { uri: true } } }, orderBy: { dspId: 'asc' } },
} as const satisfies Prisma.ReleaseSelect;

export type ReleaseForRest = Prisma.ReleaseGetPayload<{ select: typeof RELEASE_REST_SELECT }>;
type TrackForRest = ReleaseForRest['tracks'][number];

/** A track as the legacy API shows it (storage keys never leave the server). */
export function presentTrack(t: TrackForRest) {
  return {
    id: t.id,
    title: t.title,
    audioUrl: t.audioFileId ? `/api/track/${t.id}/audio` : null,
    isrc: t.isrc,
    genreId: t.genreId,
    recordingVersionId: t.recordingVersionId,
    isCover: t.isCover,
    releaseId: t.releaseId,
    userId: t.userId,
    languageId: t.languageId,
    explicitLyrics: t.explicitLyrics,
    isRemix: isRemix(t),
    artists: t.artistCredits.map((c) => ({ id: c.id, artistName: c.artistName, artistRelationTypeId: c.artistRelationTypeId })),
    fileName: t.fileName,
    position: t.position,
    audio: t.audioFileId ? { sampleRate: t.sampleRate, bitDepth: t.bitDepth, channels: t.channels, durationMs: t.durationMs, codec: t.codec } : null,
  };
}

/** A release as the legacy API shows it, with the computed status flags and the viewer's abilities. */
export function presentRelease(r: ReleaseForRest, viewer: Viewer | null, sunsetDate: string) {
  const flags = releaseFlags(toReleaseLike(r), todayUtc(), sunsetDate);
  return {
    id: r.id,
    title: r.title,
    genreId: r.genreId,
    status: statusName(r.status),
    statusOrder: r.status,
    languageId: r.languageId,
    coverArtUrl: r.coverArtFileId ? `/api/releases/${r.id}/cover?v=${r.coverArtFileId}` : null,
    comment: r.comment,
    rejectionReasons: rejectionReasonLines(r.comment, r.tracks.map((t) => t.id)),
    territory: r.territoryAllowed === null ? null : { allowed: r.territoryAllowed, countryCodes: formatCountryCodes(r.territoryCountryCodes) },
    upc: r.upc,
    outletUris: r.outlets.map((o) => o.dsp.uri),
    catalogNumber: r.catalogNumber,
    releaseDate: dateOnly(r.releaseDate),
    releaseDateText: releaseDateText(dateOnly(r.releaseDate)),
    originalReleaseDate: dateOnly(r.originalReleaseDate),
    isDDex: r.isDDex,
    takedownDate: r.takedownDate?.toISOString() ?? null,
    rejectDate: r.rejectDate?.toISOString() ?? null,
    artistName: releaseArtistName(r.artistCredits.filter((c) => c.artistRelationTypeId === ARTIST_ROLE.PRIMARY).map((c) => c.artistName)),
    artists: r.artistCredits.map((c) => ({ id: c.id, artistName: c.artistName, artistRelationTypeId: c.artistRelationTypeId })),
    tracks: r.tracks.map(presentTrack),
    tracksOrder: r.tracks.map((t) => t.id),
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    ...flags,
    viewerCan: releaseAbilities(viewer, r, sunsetDate),
  };
}
