/** The legacy REST shapes of releases and tracks (core §3 field names), from the release read model (one query). */
import { rejectionReasonLines } from '@cadence/domain/rejection-comment';
import { releaseArtistName, releaseDateText, releaseFlags } from '@cadence/domain/release-rules';
import { formatCountryCodes } from '@cadence/domain/territory';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { isRemix } from '@cadence/domain/track-rules';
import type { AppContext, Viewer } from '../../context.ts';
import { releaseAbilities } from './release.policy.ts';
import { statusName, todayUtc } from './release-model.ts';
import { loaded, readRelease, viewLike, type ReleaseView, type TrackView } from './release-read.ts';

/** A track as the legacy API shows it (storage keys never leave the server). */
export function presentTrack(t: TrackView) {
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
    artists: loaded(t.artistCredits, 'track credits').map((c) => ({ id: c.id, artistName: c.artistName, artistRelationTypeId: c.artistRelationTypeId })),
    fileName: t.fileName,
    position: t.position,
    audio: t.audioFileId ? { sampleRate: t.sampleRate, bitDepth: t.bitDepth, channels: t.channels, durationMs: t.durationMs, codec: t.codec } : null,
  };
}

/** A release as the legacy API shows it, with the computed status flags and the viewer's abilities. */
export function presentRelease(r: ReleaseView, viewer: Viewer | null, sunsetDate: string) {
  const like = viewLike(r);
  const flags = releaseFlags(like, todayUtc(), sunsetDate);
  const tracks = loaded(r.tracks, 'tracks');
  const credits = loaded(r.artistCredits, 'release credits');
  return {
    id: r.id,
    title: r.title,
    genreId: r.genreId,
    status: statusName(r.status),
    statusOrder: r.status,
    languageId: r.languageId,
    coverArtUrl: r.coverArtFileId ? `/api/releases/${r.id}/cover?v=${r.coverArtFileId}` : null,
    comment: r.comment,
    rejectionReasons: rejectionReasonLines(r.comment, tracks.map((t) => t.id)),
    territory: r.territoryAllowed === null ? null : { allowed: r.territoryAllowed, countryCodes: formatCountryCodes(r.territoryCountryCodes) },
    upc: r.upc,
    outletUris: loaded(r.outlets, 'outlets').map((o) => o.uri),
    catalogNumber: r.catalogNumber,
    releaseDate: r.releaseDate,
    releaseDateText: releaseDateText(r.releaseDate),
    originalReleaseDate: r.originalReleaseDate,
    isDDex: r.isDDex,
    takedownDate: r.takedownDate,
    rejectDate: r.rejectDate,
    artistName: releaseArtistName(credits.filter((c) => c.artistRelationTypeId === ARTIST_ROLE.PRIMARY).map((c) => c.artistName)),
    artists: credits.map((c) => ({ id: c.id, artistName: c.artistName, artistRelationTypeId: c.artistRelationTypeId })),
    tracks: tracks.map(presentTrack),
    tracksOrder: tracks.map((t) => t.id),
    version: r.version,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    ...flags,
    viewerCan: releaseAbilities(viewer, r, like, sunsetDate),
  };
}

/** A release in the legacy shape, read in one query. */
export async function restRelease(ctx: AppContext, id: string) {
  return presentRelease(await readRelease(ctx, id), ctx.viewer, ctx.config.env.sunsetDate);
}
