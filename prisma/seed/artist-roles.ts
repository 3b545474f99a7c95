/** Artist credit roles (artistRelationTypeId) with the spec's ids (core §3). */
export interface ArtistRoleSeed {
  id: number;
  name: string;
}

export const ARTIST_ROLES: readonly ArtistRoleSeed[] = [
  { id: 1, name: 'Primary Artist' },
  { id: 4, name: 'Composer' },
  { id: 10, name: 'Lyricist' },
  { id: 12, name: 'Featuring' },
  { id: 18, name: 'Producer' },
  { id: 24, name: 'Remixer' },
];
