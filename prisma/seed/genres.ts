/**
 * Genres with the store codes the spec fixes (core §3). Jazz '21' and Soundtrack '32' come from the
 * spec; Holiday has no id there, so it uses '2690' (a free code in the same 26xx/27xx range).
 */
export interface GenreSeed {
  id: string;
  name: string;
}

/** The id chosen for Holiday (the spec names the genre without an id). */
export const HOLIDAY_GENRE_ID = '2690';

export const GENRES: readonly GenreSeed[] = [
  { id: '2699', name: 'Alternative' },
  { id: '2698_3051', name: 'Blues' },
  { id: '2706', name: "Children's Music" },
  { id: '2708', name: 'Classical' },
  { id: '2711', name: 'Country' },
  { id: '2714', name: 'Dance' },
  { id: '2719', name: 'Electronic' },
  { id: '2724', name: 'Folk' },
  { id: '2754', name: 'Hip Hop/Rap' },
  { id: HOLIDAY_GENRE_ID, name: 'Holiday' },
  { id: '21', name: 'Jazz' },
  { id: '2714_2991', name: 'Latin' },
  { id: '2719_2993', name: 'New Age' },
  { id: '2751', name: 'Pop' },
  { id: '2698_3060', name: 'R&B' },
  { id: '2698_2948', name: 'Reggae' },
  { id: '2758', name: 'Rock' },
  { id: '2724_2927', name: 'Schlager' },
  { id: '2699_1005025', name: 'Singer/Songwriter' },
  { id: '2698_2999', name: 'Soul' },
  { id: '32', name: 'Soundtrack' },
  { id: '2768', name: 'Spoken Word' },
  { id: '2708_3046', name: 'Vocal' },
  { id: '2774', name: 'World' },
];
