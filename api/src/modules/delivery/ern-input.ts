/**
 * From a release as stored to the plain input of the ERN builder: artists by role, tracks with
 * their audio facts and file names inside the batch, the cover, the territory, the deal start.
 */
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { parseCountryCodes } from '@cadence/domain/territory';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { ErnArtist, ErnArtistRole, ErnMessageKind, ErnParty, ErnReleaseInput, ErnTerritory } from '../../integrations/ddex/ern.ts';

/** What the builder needs from the database, in one query. */
export const ERN_RELEASE_INCLUDE = {
  genre: { select: { name: true } },
  coverArt: { select: { storageKey: true, mimeType: true, sizeBytes: true, sha256: true, md5: true, width: true, height: true } },
  artistCredits: { orderBy: { position: 'asc' }, select: { trackId: true, artistName: true, artistRelationTypeId: true } },
  tracks: {
    orderBy: { position: 'asc' },
    select: {
      id: true,
      title: true,
      isrc: true,
      isRemix: true,
      explicitLyrics: true,
      durationMs: true,
      codec: true,
      bitDepth: true,
      sampleRate: true,
      channels: true,
      fileName: true,
      audioFile: { select: { storageKey: true, mimeType: true, sizeBytes: true, sha256: true, md5: true, originalName: true } },
    },
  },
} as const satisfies Prisma.ReleaseInclude;

export type ErnRelease = Prisma.ReleaseGetPayload<{ include: typeof ERN_RELEASE_INCLUDE }>;

/** Why a release cannot be turned into a message (a data problem no retry fixes). */
export class ErnInputError extends Error {
  override name = 'ErnInputError';
}

const ROLE_BY_ID: Record<number, ErnArtistRole> = {
  [ARTIST_ROLE.PRIMARY]: 'MainArtist',
  [ARTIST_ROLE.FEATURED]: 'FeaturedArtist',
  [ARTIST_ROLE.REMIXER]: 'Remixer',
  [ARTIST_ROLE.PRODUCER]: 'Producer',
  [ARTIST_ROLE.COMPOSER]: 'Composer',
  [ARTIST_ROLE.LYRICIST]: 'Lyricist',
};

function artists(credits: ErnRelease['artistCredits']): ErnArtist[] {
  return credits.flatMap((c) => (ROLE_BY_ID[c.artistRelationTypeId] ? [{ name: c.artistName, role: ROLE_BY_ID[c.artistRelationTypeId]! }] : []));
}

/** A P or C line as the builder takes it: the year it starts with, else the release's year. */
function line(text: string | null, fallbackYear: number): { year: number; text: string } | null {
  if (!text?.trim()) return null;
  const year = /^\s*(?:[℗©]\s*)?(\d{4})\b/.exec(text)?.[1];
  return { year: year ? Number(year) : fallbackYear, text: text.trim() };
}

function territory(allowed: boolean | null, codes: string[]): ErnTerritory {
  const countries = parseCountryCodes(codes.join(','));
  if (allowed === null || countries.length === 0) return { kind: 'worldwide' };
  return allowed ? { kind: 'only', countries } : { kind: 'except', countries };
}

function extension(name: string | null | undefined, mime: string, fallback: string): string {
  const fromName = name ? /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase() : undefined;
  if (fromName) return fromName;
  if (mime.includes('flac')) return 'flac';
  if (mime.includes('wav')) return 'wav';
  if (mime.includes('png')) return 'png';
  if (mime.includes('jpeg') || mime.includes('jpg')) return 'jpg';
  return fallback;
}

/** A stored file's place in the batch, and where to read it from. */
export interface PackagedFile {
  path: string;
  storageKey: string;
  size: number;
}

export interface ErnPlan {
  input: ErnReleaseInput;
  /** The audio and cover files the batch carries (none for a takedown). */
  files: PackagedFile[];
  /** The message's path inside the batch. */
  messagePath: string;
}

/** The builder input and the batch's files for one release, one store and one message. */
export function planErn(
  release: ErnRelease,
  opts: { kind: ErnMessageKind; messageId: string; threadId: string; createdAt: Date; sender: ErnParty; recipient: ErnParty; labelFallback: string; today: string },
): ErnPlan {
  if (!release.upc) throw new ErnInputError('The release has no UPC');
  if (release.tracks.length === 0) throw new ErnInputError('The release has no tracks');
  if (!release.coverArt) throw new ErnInputError('The release has no cover art');
  const upc = release.upc;
  const releaseDate = release.releaseDate ? release.releaseDate.toISOString().slice(0, 10) : opts.today;
  const year = Number(releaseDate.slice(0, 4));
  const releaseCredits = release.artistCredits.filter((c) => c.trackId === null);
  const label = release.labelName?.trim() || opts.labelFallback;
  const credited = artists(releaseCredits);
  // Every release and recording needs a display artist; a release credited to nobody shows its label.
  const releaseArtists: ErnArtist[] = credited.some((a) => a.role === 'MainArtist') ? credited : [{ name: label, role: 'MainArtist' }, ...credited];
  const mainArtists = releaseArtists.filter((a) => a.role === 'MainArtist');
  const files: PackagedFile[] = [];
  const withFiles = opts.kind !== 'TAKEDOWN';

  const tracks = release.tracks.map((t, i) => {
    if (!t.isrc) throw new ErnInputError(`Track ${i + 1} has no ISRC`);
    if (!t.audioFile) throw new ErnInputError(`Track ${i + 1} has no audio file`);
    const ext = extension(t.audioFile.originalName ?? t.fileName, t.audioFile.mimeType, 'wav');
    const uri = `resources/${upc}_01_${String(i + 1).padStart(3, '0')}.${ext}`;
    if (withFiles) files.push({ path: `${upc}/${uri}`, storageKey: t.audioFile.storageKey, size: Number(t.audioFile.sizeBytes) });
    const own = artists(release.artistCredits.filter((c) => c.trackId === t.id));
    const trackArtists = own.some((a) => a.role === 'MainArtist') ? own : [...mainArtists, ...own];
    const remixers = trackArtists.filter((a) => a.role === 'Remixer').map((a) => a.name);
    const versionTitle = t.isRemix && !/remix/i.test(t.title) ? `${remixers.length ? `${remixers.join(' & ')} ` : ''}Remix` : null;
    return {
      isrc: t.isrc,
      title: t.title,
      versionTitle,
      isRemix: t.isRemix,
      artists: trackArtists,
      durationMs: t.durationMs ?? 0,
      explicit: t.explicitLyrics,
      audio: {
        uri,
        sha256: t.audioFile.sha256,
        md5: t.audioFile.md5,
        sizeBytes: Number(t.audioFile.sizeBytes),
        codec: (ext === 'flac' || t.codec?.toLowerCase() === 'flac' ? 'FLAC' : 'PCM') as 'FLAC' | 'PCM',
        bitDepth: t.bitDepth,
        sampleRate: t.sampleRate,
        channels: t.channels,
      },
    };
  });

  const cover = release.coverArt;
  const coverExt = extension(null, cover.mimeType, 'jpg');
  const coverUri = `resources/${upc}_cover.${coverExt}`;
  if (withFiles) files.push({ path: `${upc}/${coverUri}`, storageKey: cover.storageKey, size: Number(cover.sizeBytes) });

  const input: ErnReleaseInput = {
    kind: opts.kind,
    messageId: opts.messageId,
    threadId: opts.threadId,
    createdAt: opts.createdAt,
    sender: opts.sender,
    recipient: opts.recipient,
    release: {
      proprietaryId: release.id,
      upc,
      title: release.title,
      artists: releaseArtists,
      genre: release.genre?.name ?? 'Other',
      labelName: label,
      pLine: line(release.pLine, year),
      cLine: line(release.cLine, year),
      releaseDate,
      originalReleaseDate: release.originalReleaseDate ? release.originalReleaseDate.toISOString().slice(0, 10) : null,
      catalogNumber: release.catalogNumber,
      territory: territory(release.territoryAllowed, release.territoryCountryCodes),
    },
    tracks,
    cover: {
      file: { uri: coverUri, sha256: cover.sha256, md5: cover.md5, sizeBytes: Number(cover.sizeBytes) },
      codec: coverExt === 'png' ? 'PNG' : 'JPEG',
      width: cover.width,
      height: cover.height,
    },
    takedownDate: opts.kind === 'TAKEDOWN' ? opts.today : null,
  };
  return { input, files, messagePath: `${upc}/${upc}.xml` };
}
