/**
 * Analytics (reporting) outlets with the supporting spec's ids and names. Spotify (28) and Apple
 * Music (61) have fixed chart colours; the others take the chart palette.
 */
export interface OutletSeed {
  id: number;
  name: string;
  colour: string | null;
}

export const OUTLETS: readonly OutletSeed[] = [
  { id: 1, name: 'iTunes', colour: null },
  { id: 6, name: 'Napster', colour: null },
  { id: 20, name: 'Amazon', colour: null },
  { id: 28, name: 'Spotify', colour: '#1DB954' },
  { id: 32, name: 'Google Music', colour: null },
  { id: 50, name: 'Tidal', colour: null },
  { id: 55, name: 'Deezer', colour: null },
  { id: 58, name: 'iTunes Match', colour: null },
  { id: 61, name: 'Apple Music', colour: '#FA2D48' },
  { id: 63, name: 'Beats 1', colour: null },
  { id: 64, name: 'Pandora', colour: null },
  { id: 66, name: 'Anghami', colour: null },
  { id: 76, name: 'Boomplay', colour: null },
  { id: 78, name: 'YouSee', colour: null },
  { id: 79, name: 'TikTok', colour: null },
  { id: 80, name: 'Resso', colour: null },
  { id: 1001, name: 'Linkfire', colour: null },
];
