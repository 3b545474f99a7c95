import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildNewReleaseMessage, displayArtistName, isoDuration, releaseProfile, releaseType } from './ern.ts';
import { ernSchemaErrors, sampleErnInput, sampleTrack } from './__test-support__/ern-kit.ts';

const base = sampleErnInput();

describe('ERN 4.3 NewReleaseMessage', () => {
  it('validates the official DDEX sample against the copied schema (the validator itself works)', async () => {
    const sample = readFileSync(path.join(import.meta.dirname, 'xsd/sample-audio-album.xml'), 'utf8');
    expect(await ernSchemaErrors(sample)).toEqual([]);
    expect(await ernSchemaErrors('<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"/>')).not.toEqual([]);
  });

  it('a single: valid, SimpleAudioSingle profile, header DPIDs, ISRC, technical details, deals from the release date', async () => {
    const xml = buildNewReleaseMessage(base);
    expect(await ernSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('ReleaseProfileVersionId="SimpleAudioSingle"');
    expect(xml).toContain('<PartyId>PADPIDA2026112501C</PartyId>');
    expect(xml).toContain('<PartyId>PADPIDA2011072101T</PartyId>');
    expect(xml).toContain('<ISRC>QZCAD2600001</ISRC>');
    expect(xml).toContain('<ICPN>0860000000012</ICPN>');
    expect(xml).toContain('<ReleaseType>Single</ReleaseType>');
    expect(xml).toContain('<Algorithm>SHA-256</Algorithm>');
    expect(xml).toContain('<Algorithm>MD5</Algorithm>');
    expect(xml).toContain('<SamplingRate UnitOfMeasure="Hz">44100</SamplingRate>');
    expect(xml).toContain('<BitsPerSample>16</BitsPerSample>');
    expect(xml).toContain('<NumberOfChannels>2</NumberOfChannels>');
    expect(xml).toContain('<URI>resources/A1.flac</URI>');
    expect(xml).toContain('<TerritoryCode>Worldwide</TerritoryCode>');
    expect(xml).toContain('<StartDate>2026-12-01</StartDate>');
    expect(xml).toContain('<UseType>OnDemandStream</UseType>');
    expect(xml).toContain('<UseType>PermanentDownload</UseType>');
    expect(xml).toContain('<PLineText>2026 Lovelace Records</PLineText>');
    expect(xml).toContain('<CLineText>2026 Lovelace Records</CLineText>');
    expect(xml).toContain('<GenreText>Electronic</GenreText>');
    expect(xml).toContain('<OriginalReleaseDate ApplicableTerritoryCode="Worldwide">2026-12-01</OriginalReleaseDate>');
    expect(xml).not.toContain('<EndDate>');
  });

  it('an album of 8 tracks: valid, Audio profile, Album type, one TrackRelease and two deals per track', async () => {
    const tracks = Array.from({ length: 8 }, (_, i) => sampleTrack(i + 1, { explicit: i === 3 }));
    const xml = buildNewReleaseMessage({ ...base, tracks });
    expect(await ernSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('ReleaseProfileVersionId="Audio"');
    expect(xml).toContain('<ReleaseType>Album</ReleaseType>');
    expect(xml.match(/<TrackRelease>/g)).toHaveLength(8);
    expect(xml.match(/<ReleaseDeal>/g)).toHaveLength(9);
    expect(xml.match(/<Deal>/g)).toHaveLength(18);
    expect(xml).toContain('<ParentalWarningType>Explicit</ParentalWarningType>');
  });

  it('territories: only in a list, and everywhere except a list', async () => {
    const only = buildNewReleaseMessage({ ...base, release: { ...base.release, territory: { kind: 'only', countries: ['FR', 'BE'] } } });
    expect(await ernSchemaErrors(only)).toEqual([]);
    expect(only).toContain('<TerritoryCode>FR</TerritoryCode>');
    expect(only).not.toContain('Worldwide</TerritoryCode>');
    const except = buildNewReleaseMessage({ ...base, release: { ...base.release, territory: { kind: 'except', countries: ['US', 'CA'] } } });
    expect(await ernSchemaErrors(except)).toEqual([]);
    expect(except).toContain('<ExcludedTerritoryCode>US</ExcludedTerritoryCode>');
    expect(except).toContain('<ExcludedTerritoryCode>CA</ExcludedTerritoryCode>');
    expect(except).not.toContain('<TerritoryCode>');
  });

  it('a featured artist: a second display artist with the FeaturedArtist role and "feat." in the name', async () => {
    const artists = [
      { name: 'Ada Lovelace', role: 'MainArtist' as const },
      { name: 'Grace Hopper', role: 'FeaturedArtist' as const },
    ];
    const xml = buildNewReleaseMessage({ ...base, tracks: [sampleTrack(1, { artists })] });
    expect(await ernSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<DisplayArtistRole>FeaturedArtist</DisplayArtistRole>');
    expect(xml).toContain('>Ada Lovelace feat. Grace Hopper</DisplayArtistName>');
    expect(xml).toContain('<FullName>Grace Hopper</FullName>');
  });

  it('a remix: RemixVersion, the version in the title, the remixer as contributor', async () => {
    const track = sampleTrack(1, {
      versionTitle: 'Night Mix',
      isRemix: true,
      artists: [
        { name: 'Ada Lovelace', role: 'MainArtist' },
        { name: 'DJ Babbage', role: 'Remixer' },
        { name: 'Ada Lovelace', role: 'Composer' },
      ],
    });
    const xml = buildNewReleaseMessage({ ...base, tracks: [track] });
    expect(await ernSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<VersionType>RemixVersion</VersionType>');
    expect(xml).toContain('<DisplayTitleText>Song 1 (Night Mix)</DisplayTitleText>');
    expect(xml).toContain('<Role>Remixer</Role>');
    expect(xml).toContain('<Role>Composer</Role>');
    // The same person in two roles is one party.
    expect(xml.match(/<FullName>Ada Lovelace<\/FullName>/g)).toHaveLength(1);
  });

  it('an update: the same release ids under a new message id, valid', async () => {
    const insert = buildNewReleaseMessage(base);
    const update = buildNewReleaseMessage({ ...base, kind: 'UPDATE', messageId: 'MSG-2', release: { ...base.release, title: 'First Light (Deluxe)' } });
    expect(await ernSchemaErrors(update)).toEqual([]);
    expect(update).toContain('<MessageId>MSG-2</MessageId>');
    expect(update).toContain('<MessageThreadId>THREAD-1</MessageThreadId>');
    expect(update).toContain('First Light (Deluxe)');
    const ids = (xml: string) => xml.match(/<ReleaseId>[\s\S]*?<\/ReleaseId>/g);
    expect(ids(update)).toEqual(ids(insert));
  });

  it('a takedown: every deal ends on the takedown date, no files, valid', async () => {
    const xml = buildNewReleaseMessage({ ...base, kind: 'TAKEDOWN', messageId: 'MSG-3', takedownDate: '2027-01-15' });
    expect(await ernSchemaErrors(xml)).toEqual([]);
    expect(xml.match(/<EndDate>2027-01-15<\/EndDate>/g)).toHaveLength(4);
    expect(xml).not.toContain('<File>');
    expect(() => buildNewReleaseMessage({ ...base, kind: 'TAKEDOWN' })).toThrow('takedownDate');
  });

  it('escapes markup in every text through the XML library', async () => {
    const xml = buildNewReleaseMessage({ ...base, release: { ...base.release, title: 'Rock & <Roll> "Live"' } });
    expect(await ernSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('Rock &amp; &lt;Roll&gt;');
  });

  it.each([
    [263_583, 'PT4M23.583S'],
    [180_000, 'PT3M0S'],
    [3_723_000, 'PT1H2M3S'],
    [45_000, 'PT45S'],
  ])('isoDuration(%i) = %s', (ms, expected) => expect(isoDuration(ms)).toBe(expected));

  it.each([
    [1, 'SimpleAudioSingle', 'Single'],
    [3, 'Audio', 'Single'],
    [5, 'Audio', 'EP'],
    [12, 'Audio', 'Album'],
  ])('%i tracks: profile %s, type %s', (n, profile, type) => {
    expect(releaseProfile(n)).toBe(profile);
    expect(releaseType(n)).toBe(type);
  });

  it('display artist names', () => {
    expect(displayArtistName([{ name: 'A', role: 'MainArtist' }, { name: 'B', role: 'MainArtist' }, { name: 'C', role: 'FeaturedArtist' }])).toBe('A & B feat. C');
    expect(displayArtistName([{ name: 'A', role: 'MainArtist' }, { name: 'R', role: 'Remixer' }])).toBe('A');
  });

  it('the schema copy is the one DDEX publishes', () => {
    const copy = readFileSync(path.join(import.meta.dirname, 'xsd/release-notification.xsd'), 'utf8');
    expect(copy).toContain('targetNamespace="http://ddex.net/xml/ern/43"');
  });
});
