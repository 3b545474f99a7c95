/**
 * DDEX ERN 4.3 NewReleaseMessage builder: a plain description of a release in, the XML out.
 * Built with xmlbuilder2 (never string concatenation), so every text is escaped by the library
 * and the element order follows the schema (xsd/release-notification.xsd), which the tests check.
 *
 * One message type serves the three deliveries, as ERN 4 intends (it has no UpdateIndicator):
 * - INSERT: the first full message (resources with their files, release, track releases, deals);
 * - UPDATE: the same full message again under a new MessageId and the same release ids, which the
 *   store applies as a replacement of what it has;
 * - TAKEDOWN: the same release ids with every deal ended (ValidityPeriod EndDate), and no files.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';

export type ErnMessageKind = 'INSERT' | 'UPDATE' | 'TAKEDOWN';

/** The roles an artist can have on a release or a recording, in the words of our credits. */
export type ErnArtistRole = 'MainArtist' | 'FeaturedArtist' | 'Remixer' | 'Producer' | 'Composer' | 'Lyricist';

export interface ErnArtist {
  name: string;
  role: ErnArtistRole;
}

/** Worldwide, only in these countries, or everywhere except these countries (ISO 3166-1 alpha-2). */
export type ErnTerritory = { kind: 'worldwide' } | { kind: 'only'; countries: string[] } | { kind: 'except'; countries: string[] };

export interface ErnFile {
  /** Path of the file inside the batch folder, e.g. `resources/A1.flac`. */
  uri: string;
  /** Lowercase hex; SHA-256 is preferred, MD5 is used when that is all we have. */
  sha256?: string | null;
  md5?: string | null;
  sizeBytes?: number | null;
}

export interface ErnTrack {
  isrc: string;
  title: string;
  /** The version in the title, e.g. 'Night Mix' for a remix. */
  versionTitle?: string | null;
  artists: ErnArtist[];
  durationMs: number;
  /** true: Explicit, false: NotExplicit, null: NoAdviceAvailable. */
  explicit: boolean | null;
  isRemix?: boolean;
  audio: ErnFile & { codec: 'FLAC' | 'PCM'; bitDepth?: number | null; sampleRate?: number | null; channels?: number | null };
}

export interface ErnCover {
  file: ErnFile;
  codec: 'JPEG' | 'PNG';
  width?: number | null;
  height?: number | null;
}

export interface ErnParty {
  /** A DDEX Party Id (DPID), e.g. PADPIDA2014120301Z. */
  dpid: string;
  name: string;
}

export interface ErnReleaseInput {
  kind: ErnMessageKind;
  messageId: string;
  /** One thread per release and store, so a store can relate an update or takedown to the insert. */
  threadId: string;
  createdAt: Date;
  sender: ErnParty;
  recipient: ErnParty;
  release: {
    /** Our release id, sent as ProprietaryId in the sender's namespace. */
    proprietaryId: string;
    upc: string;
    title: string;
    artists: ErnArtist[];
    genre: string;
    labelName: string;
    pLine?: { year: number; text: string } | null;
    cLine?: { year: number; text: string } | null;
    /** YYYY-MM-DD: deals start on this day. */
    releaseDate: string;
    originalReleaseDate?: string | null;
    catalogNumber?: string | null;
    territory: ErnTerritory;
  };
  tracks: ErnTrack[];
  cover: ErnCover;
  /** YYYY-MM-DD: for TAKEDOWN, the day every deal ends. */
  takedownDate?: string | null;
}

const NS = 'http://ddex.net/xml/ern/43';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const DISPLAY_ROLES: readonly ErnArtistRole[] = ['MainArtist', 'FeaturedArtist'];

/** The release profile: one recording is a simple audio single, anything else the audio profile. */
export function releaseProfile(trackCount: number): 'SimpleAudioSingle' | 'Audio' {
  return trackCount === 1 ? 'SimpleAudioSingle' : 'Audio';
}

/** The ERN ReleaseType for a number of tracks (the common store rule: 1-3 single, 4-6 EP, more album). */
export function releaseType(trackCount: number): 'Single' | 'EP' | 'Album' {
  if (trackCount <= 3) return 'Single';
  if (trackCount <= 6) return 'EP';
  return 'Album';
}

/** An xs:duration from milliseconds: 263583 -> PT4M23.583S. */
export function isoDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = (total % 60_000) / 1000;
  return `PT${h ? `${h}H` : ''}${h || m ? `${m}M` : ''}${Number.isInteger(s) ? s : s.toFixed(3).replace(/0+$/, '')}S`;
}

/** 'Main', 'Main feat. A & B': the display artist name from the main and featured artists. */
export function displayArtistName(artists: readonly ErnArtist[]): string {
  const main = artists.filter((a) => a.role === 'MainArtist').map((a) => a.name);
  const featured = artists.filter((a) => a.role === 'FeaturedArtist').map((a) => a.name);
  const joined = main.join(' & ') || featured.shift() || '';
  return featured.length ? `${joined} feat. ${featured.join(' & ')}` : joined;
}

/** A stable party reference for a name (the same artist on several tracks is one party). */
class Parties {
  private readonly refs = new Map<string, string>();
  ref(name: string): string {
    let ref = this.refs.get(name);
    if (!ref) {
      ref = `P${this.refs.size + 1}`;
      this.refs.set(name, ref);
    }
    return ref;
  }
  entries(): [string, string][] {
    return [...this.refs.entries()];
  }
}

function hashSum(file: ErnFile): { algorithm: string; value: string } | null {
  if (file.sha256) return { algorithm: 'SHA-256', value: file.sha256 };
  if (file.md5) return { algorithm: 'MD5', value: file.md5 };
  return null;
}

function addFile(parent: XMLBuilder, file: ErnFile): void {
  const f = parent.ele('File');
  f.ele('URI').txt(file.uri);
  const sum = hashSum(file);
  if (sum) {
    const h = f.ele('HashSum');
    h.ele('Algorithm').txt(sum.algorithm);
    h.ele('HashSumValue').txt(sum.value);
  }
  if (file.sizeBytes != null) f.ele('FileSize').txt(String(file.sizeBytes));
}

function addDisplayArtists(parent: XMLBuilder, artists: readonly ErnArtist[], parties: Parties): void {
  parent.ele('DisplayArtistName', { ApplicableTerritoryCode: 'Worldwide' }).txt(displayArtistName(artists));
  const shown = artists.filter((a) => DISPLAY_ROLES.includes(a.role));
  shown.forEach((a, i) => {
    const d = parent.ele('DisplayArtist', { SequenceNumber: String(i + 1) });
    d.ele('ArtistPartyReference').txt(parties.ref(a.name));
    d.ele('DisplayArtistRole').txt(a.role);
  });
}

function parentalWarning(explicit: boolean | null): string {
  if (explicit === null) return 'NoAdviceAvailable';
  return explicit ? 'Explicit' : 'NotExplicit';
}

function fullTitle(track: ErnTrack): string {
  return track.versionTitle ? `${track.title} (${track.versionTitle})` : track.title;
}

function trackReleaseRef(i: number): string {
  return `R${i + 1}`;
}

/** The NewReleaseMessage for one release and one recipient, as an XML string. */
export function buildNewReleaseMessage(input: ErnReleaseInput): string {
  if (input.tracks.length === 0) throw new RangeError('a release needs at least one track');
  if (input.kind === 'TAKEDOWN' && !input.takedownDate) throw new RangeError('a takedown needs its takedownDate');
  const { release, tracks, cover } = input;
  const withFiles = input.kind !== 'TAKEDOWN';
  const parties = new Parties();
  const labelRef = 'PLabel';

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS, 'ern:NewReleaseMessage', {
    'xmlns:xsi': XSI,
    'xsi:schemaLocation': `${NS} http://ddex.net/xml/ern/43/release-notification.xsd`,
    ReleaseProfileVersionId: releaseProfile(tracks.length),
    LanguageAndScriptCode: 'en',
    AvsVersionId: '3',
  });

  // MessageHeader
  const header = root.ele('MessageHeader');
  header.ele('MessageThreadId').txt(input.threadId);
  header.ele('MessageId').txt(input.messageId);
  const sender = header.ele('MessageSender');
  sender.ele('PartyId').txt(input.sender.dpid);
  sender.ele('PartyName').ele('FullName').txt(input.sender.name);
  const recipient = header.ele('MessageRecipient');
  recipient.ele('PartyId').txt(input.recipient.dpid);
  recipient.ele('PartyName').ele('FullName').txt(input.recipient.name);
  header.ele('MessageCreatedDateTime').txt(input.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  header.ele('MessageControlType').txt('LiveMessage');

  // Parties are referenced by the resources and the release; register them in reading order first.
  for (const a of release.artists) parties.ref(a.name);
  for (const t of tracks) for (const a of t.artists) parties.ref(a.name);
  const partyList = root.ele('PartyList');
  for (const [name, ref] of parties.entries()) {
    const p = partyList.ele('Party');
    p.ele('PartyReference').txt(ref);
    p.ele('PartyName').ele('FullName').txt(name);
  }
  const label = partyList.ele('Party');
  label.ele('PartyReference').txt(labelRef);
  label.ele('PartyName').ele('FullName').txt(release.labelName);

  // ResourceList: one SoundRecording per track (A1..An), then the cover (A{n+1}).
  const resources = root.ele('ResourceList');
  tracks.forEach((track, i) => {
    const sr = resources.ele('SoundRecording');
    sr.ele('ResourceReference').txt(`A${i + 1}`);
    sr.ele('Type').txt('MusicalWorkSoundRecording');
    const edition = sr.ele('SoundRecordingEdition');
    edition.ele('ResourceId').ele('ISRC').txt(track.isrc);
    if (release.pLine) {
      const pl = edition.ele('PLine');
      pl.ele('Year').txt(String(release.pLine.year));
      pl.ele('PLineText').txt(release.pLine.text);
    }
    if (withFiles) {
      const tech = edition.ele('TechnicalDetails');
      tech.ele('TechnicalResourceDetailsReference').txt(`T${i + 1}`);
      const df = tech.ele('DeliveryFile');
      df.ele('Type').txt('AudioFile');
      df.ele('AudioCodecType').txt(track.audio.codec);
      if (track.audio.channels) df.ele('NumberOfChannels').txt(String(track.audio.channels));
      if (track.audio.sampleRate) df.ele('SamplingRate', { UnitOfMeasure: 'Hz' }).txt(String(track.audio.sampleRate));
      if (track.audio.bitDepth) df.ele('BitsPerSample').txt(String(track.audio.bitDepth));
      addFile(df, track.audio);
    }
    sr.ele('DisplayTitleText').txt(fullTitle(track));
    const dt = sr.ele('DisplayTitle', { ApplicableTerritoryCode: 'Worldwide' });
    dt.ele('TitleText').txt(track.title);
    if (track.versionTitle) dt.ele('SubTitle', { SubTitleType: 'Version' }).txt(track.versionTitle);
    if (track.isRemix) sr.ele('VersionType').txt('RemixVersion');
    addDisplayArtists(sr, track.artists, parties);
    for (const a of track.artists.filter((x) => !DISPLAY_ROLES.includes(x.role))) {
      const c = sr.ele('Contributor');
      c.ele('ContributorPartyReference').txt(parties.ref(a.name));
      c.ele('Role').txt(a.role);
    }
    sr.ele('Duration').txt(isoDuration(track.durationMs));
    sr.ele('ParentalWarningType').txt(parentalWarning(track.explicit));
  });
  const coverRef = `A${tracks.length + 1}`;
  const image = resources.ele('Image');
  image.ele('ResourceReference').txt(coverRef);
  image.ele('Type').txt('FrontCoverImage');
  image.ele('ResourceId').ele('ProprietaryId', { Namespace: input.sender.dpid }).txt(`${release.proprietaryId}-cover`);
  if (withFiles) {
    const tech = image.ele('TechnicalDetails');
    tech.ele('TechnicalResourceDetailsReference').txt(`T${tracks.length + 1}`);
    tech.ele('ImageCodecType').txt(cover.codec);
    if (cover.height) tech.ele('ImageHeight', { UnitOfMeasure: 'Pixel' }).txt(String(cover.height));
    if (cover.width) tech.ele('ImageWidth', { UnitOfMeasure: 'Pixel' }).txt(String(cover.width));
    addFile(tech, cover.file);
  }

  // ReleaseList: the main release R0, then one TrackRelease per recording.
  const releaseList = root.ele('ReleaseList');
  const r = releaseList.ele('Release');
  r.ele('ReleaseReference').txt('R0');
  r.ele('ReleaseType').txt(releaseType(tracks.length));
  const rid = r.ele('ReleaseId');
  rid.ele('ICPN').txt(release.upc);
  if (release.catalogNumber) rid.ele('CatalogNumber', { Namespace: input.sender.dpid }).txt(release.catalogNumber);
  rid.ele('ProprietaryId', { Namespace: input.sender.dpid }).txt(release.proprietaryId);
  r.ele('DisplayTitleText').txt(release.title);
  r.ele('DisplayTitle', { ApplicableTerritoryCode: 'Worldwide', IsDefault: 'true' }).ele('TitleText').txt(release.title);
  addDisplayArtists(r, release.artists, parties);
  r.ele('ReleaseLabelReference', { ApplicableTerritoryCode: 'Worldwide' }).txt(labelRef);
  if (release.pLine) {
    const pl = r.ele('PLine');
    pl.ele('Year').txt(String(release.pLine.year));
    pl.ele('PLineText').txt(release.pLine.text);
  }
  if (release.cLine) {
    const cl = r.ele('CLine');
    cl.ele('Year').txt(String(release.cLine.year));
    cl.ele('CLineText').txt(release.cLine.text);
  }
  r.ele('Duration').txt(isoDuration(tracks.reduce((sum, t) => sum + t.durationMs, 0)));
  r.ele('Genre', { ApplicableTerritoryCode: 'Worldwide' }).ele('GenreText').txt(release.genre);
  r.ele('ReleaseDate', { ApplicableTerritoryCode: 'Worldwide' }).txt(release.releaseDate);
  r.ele('OriginalReleaseDate', { ApplicableTerritoryCode: 'Worldwide' }).txt(release.originalReleaseDate ?? release.releaseDate);
  const anyExplicit = tracks.some((t) => t.explicit === true);
  const allKnown = tracks.every((t) => t.explicit !== null);
  r.ele('ParentalWarningType').txt(anyExplicit ? 'Explicit' : allKnown ? 'NotExplicit' : 'NoAdviceAvailable');
  const group = r.ele('ResourceGroup');
  group.ele('SequenceNumber').txt('1');
  tracks.forEach((_, i) => {
    const item = group.ele('ResourceGroupContentItem');
    item.ele('SequenceNumber').txt(String(i + 1));
    item.ele('ReleaseResourceReference').txt(`A${i + 1}`);
  });
  group.ele('LinkedReleaseResourceReference').txt(coverRef);
  tracks.forEach((track, i) => {
    const tr = releaseList.ele('TrackRelease');
    tr.ele('ReleaseReference').txt(trackReleaseRef(i));
    tr.ele('ReleaseId').ele('ProprietaryId', { Namespace: input.sender.dpid }).txt(`${release.upc}_${track.isrc}`);
    tr.ele('DisplayTitleText').txt(fullTitle(track));
    tr.ele('ReleaseResourceReference').txt(`A${i + 1}`);
    tr.ele('LinkedReleaseResourceReference').txt(coverRef);
    tr.ele('ReleaseLabelReference', { ApplicableTerritoryCode: 'Worldwide' }).txt(labelRef);
    tr.ele('Genre', { ApplicableTerritoryCode: 'Worldwide' }).ele('GenreText').txt(release.genre);
  });

  // DealList: streaming (ad-supported and subscription) and downloads, from the release date.
  const dealList = root.ele('DealList');
  const releaseRefs = ['R0', ...tracks.map((_, i) => trackReleaseRef(i))];
  for (const ref of releaseRefs) {
    const rd = dealList.ele('ReleaseDeal');
    rd.ele('DealReleaseReference').txt(ref);
    addDeal(rd, input, ['AdvertisementSupportedModel', 'SubscriptionModel'], ['OnDemandStream', 'NonInteractiveStream']);
    addDeal(rd, input, ['PayAsYouGoModel'], ['PermanentDownload']);
  }

  return root.end({ prettyPrint: true });
}

function addDeal(parent: XMLBuilder, input: ErnReleaseInput, models: string[], uses: string[]): void {
  const terms = parent.ele('Deal').ele('DealTerms');
  const territory = input.release.territory;
  if (territory.kind === 'worldwide' || territory.countries.length === 0) terms.ele('TerritoryCode').txt('Worldwide');
  else if (territory.kind === 'only') for (const c of territory.countries) terms.ele('TerritoryCode').txt(c);
  else for (const c of territory.countries) terms.ele('ExcludedTerritoryCode').txt(c);
  const period = terms.ele('ValidityPeriod');
  const start = input.release.releaseDate;
  if (input.kind === 'TAKEDOWN' && input.takedownDate) {
    // A takedown before the release date ends a deal that never started: start it that day too.
    period.ele('StartDate').txt(input.takedownDate < start ? input.takedownDate : start);
    period.ele('EndDate').txt(input.takedownDate);
  } else {
    period.ele('StartDate').txt(start);
  }
  for (const m of models) terms.ele('CommercialModelType').txt(m);
  for (const u of uses) terms.ele('UseType').txt(u);
}
