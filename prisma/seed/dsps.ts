/**
 * Delivery outlets (stores and streaming services) a release can be sent to. Ids are stable and
 * never reused; `uri` is the slug the API's outletUris carry. showInList=false marks services that
 * are always included and not offered in the DSP picker (recognition and metadata services).
 * Beatport only takes the genres of the beatportGenreMapping (Dance 2714, Electronic 2719).
 */
export interface DspSeed {
  id: number;
  name: string;
  uri: string;
  showInList: boolean;
  enabled: boolean;
  genreIds: string[];
}

const BEATPORT_GENRES = ['2714', '2719'];

const ROWS: readonly (readonly [id: number, name: string, uri: string, showInList?: boolean, genreIds?: string[]])[] = [
  [1, 'Spotify', 'spotify'],
  [2, 'Apple Music', 'apple-music'],
  [3, 'iTunes', 'itunes'],
  [4, 'Amazon Music', 'amazon-music'],
  [5, 'YouTube Music', 'youtube-music'],
  [6, 'Deezer', 'deezer'],
  [7, 'TIDAL', 'tidal'],
  [8, 'TikTok', 'tiktok'],
  [9, 'Instagram/Facebook (Meta)', 'meta'],
  [10, 'Pandora', 'pandora'],
  [11, 'SoundCloud', 'soundcloud'],
  [12, 'Anghami', 'anghami'],
  [13, 'Boomplay', 'boomplay'],
  [14, 'Audiomack', 'audiomack'],
  [15, 'iHeartRadio', 'iheartradio'],
  [16, 'Napster', 'napster'],
  [17, 'Qobuz', 'qobuz'],
  [18, 'Beatport', 'beatport', true, BEATPORT_GENRES],
  [19, 'Shazam', 'shazam', false],
  [20, 'KKBox', 'kkbox'],
  [21, 'NetEase Cloud Music', 'netease'],
  [22, 'Tencent Music (QQ Music, Kugou, Kuwo)', 'tencent'],
  [23, 'JioSaavn', 'jiosaavn'],
  [24, 'Yandex Music', 'yandex'],
  [25, 'Claro Música', 'claro-musica'],
  [26, '7digital', '7digital'],
  [27, 'Gracenote', 'gracenote', false],
  [28, 'Peloton', 'peloton'],
  [29, 'Snapchat', 'snapchat'],
  [30, 'YouTube Content ID', 'youtube-content-id'],
  [31, 'JOOX', 'joox'],
  [32, 'LINE MUSIC', 'line-music'],
  [33, 'Trebel', 'trebel'],
  [34, 'Melon', 'melon'],
];

export const DSPS: readonly DspSeed[] = ROWS.map(([id, name, uri, showInList = true, genreIds = []]) => ({
  id,
  name,
  uri,
  showInList,
  enabled: true,
  genreIds: [...genreIds],
}));
