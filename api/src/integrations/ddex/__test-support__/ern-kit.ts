/**
 * Test helpers for ERN messages: XSD validation against the DDEX ERN 4.3 schema kept in ./xsd
 * (copied from DDEX, so a clean clone validates offline), and sample inputs.
 */
import type { ErnReleaseInput, ErnTrack } from '../ern.ts';
import { ernSchemaErrors as schemaErrors } from '../ern-schema.ts';

/** The schema errors of a message as text (an empty list when it is valid). */
export async function ernSchemaErrors(xml: string): Promise<string[]> {
  return (await schemaErrors(xml)).map((e) => e.message);
}

/** A track with every field set, for tests. */
export function sampleTrack(n: number, overrides: Partial<ErnTrack> = {}): ErnTrack {
  return {
    isrc: `QZCAD26000${String(n).padStart(2, '0')}`,
    title: `Song ${n}`,
    artists: [{ name: 'Ada Lovelace', role: 'MainArtist' }],
    durationMs: 183_500 + n,
    explicit: false,
    audio: { uri: `resources/A${n}.flac`, sha256: 'a'.repeat(64), codec: 'FLAC', bitDepth: 16, sampleRate: 44_100, channels: 2, sizeBytes: 1234 },
    ...overrides,
  };
}

/** A one-track release message input, for tests. */
export function sampleErnInput(overrides: Partial<ErnReleaseInput> = {}): ErnReleaseInput {
  return {
    kind: 'INSERT',
    messageId: 'MSG-1',
    threadId: 'THREAD-1',
    createdAt: new Date('2026-11-25T10:00:00Z'),
    sender: { dpid: 'PADPIDA2026112501C', name: 'Cadence' },
    recipient: { dpid: 'PADPIDA2011072101T', name: 'Local Store' },
    release: {
      proprietaryId: '0196b1a4-0000-7000-8000-000000000001',
      upc: '0860000000012',
      title: 'First Light',
      artists: [{ name: 'Ada Lovelace', role: 'MainArtist' }],
      genre: 'Electronic',
      labelName: 'Lovelace Records',
      pLine: { year: 2026, text: '2026 Lovelace Records' },
      cLine: { year: 2026, text: '2026 Lovelace Records' },
      releaseDate: '2026-12-01',
      originalReleaseDate: '2026-12-01',
      territory: { kind: 'worldwide' },
    },
    tracks: [sampleTrack(1)],
    cover: { file: { uri: 'resources/cover.jpg', md5: 'b'.repeat(32) }, codec: 'JPEG', width: 3000, height: 3000 },
    ...overrides,
  };
}
