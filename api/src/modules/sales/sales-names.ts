/**
 * The sales-name mapping (supporting §3): raw reporting-source labels, as stores and aggregators
 * write them, to the friendly service name shown on /sales, and the analytics outlet id (supporting
 * §3 outlets) whose streams the line counts toward. Kept as data: a new label is one row here.
 * Labels are matched case-insensitively with spaces, dots, dashes and underscores ignored.
 */
export interface SalesService {
  /** Friendly name shown in the Service column. */
  service: string;
  /** Analytics outlet (supporting §3) for the trends charts; absent when the store has none. */
  outletId?: number;
}

/** [friendly service, analytics outlet id or null, raw labels...] */
const ROWS: readonly (readonly [string, number | null, ...string[]])[] = [
  ['Spotify', 28, 'Spotify', 'Spotify AB', 'Spotify Premium', 'Spotify Free', 'Spotify Family', 'Spotify Duo', 'Spotify Student', 'SPOT'],
  ['Apple Music', 61, 'Apple Music', 'AppleMusic', 'Apple Music Streaming', 'Apple Inc - Apple Music', 'AMS'],
  ['iTunes', 1, 'iTunes', 'iTunes Store', 'iTunes Downloads', 'Apple Inc - iTunes', 'Apple iTunes'],
  ['iTunes Match', 58, 'iTunes Match'],
  ['Beats 1', 63, 'Beats 1', 'Beats1'],
  ['Amazon Music Unlimited', 20, 'Amazon Music Unlimited', 'Amazon Unlimited', 'AMU', 'Amazon Music Streaming'],
  ['Amazon Prime Music', 20, 'Amazon Prime Music', 'Amazon Prime'],
  ['Amazon Music', 20, 'Amazon Music', 'Amazon', 'Amazon Digital Services', 'Amazon MP3', 'Amazon Downloads'],
  ['YouTube', null, 'YouTube', 'YouTube Ad Revenue', 'YouTube Art Tracks', 'Google YouTube'],
  ['YouTube Music', null, 'YouTube Music', 'YouTube Music Premium', 'YouTube Red', 'YouTube Premium', 'YT Music'],
  ['YouTube Content ID', null, 'YouTube Content ID', 'YouTube CID', 'Content ID'],
  ['Google Music', 32, 'Google Music', 'Google Play Music', 'Google Play'],
  ['SoundCloud', null, 'SoundCloud', 'SoundCloud Go', 'SoundCloud Go+'],
  ['TikTok', 79, 'TikTok', 'Tik Tok', 'ByteDance TikTok', 'TikTok Music'],
  ['Resso', 80, 'Resso', 'ByteDance Resso'],
  ['Facebook', null, 'Facebook', 'Facebook Audio Library', 'Facebook Fingerprinting', 'Meta', 'Instagram', 'Instagram/Facebook (Meta)', 'Instagram Facebook Meta', 'Meta Platforms'],
  ['Qobuz', null, 'Qobuz', 'Qobuz Downloads', 'Qobuz Streaming'],
  ['Deezer', 55, 'Deezer', 'Deezer SA', 'Deezer Premium'],
  ['TIDAL', 50, 'TIDAL', 'Tidal', 'Tidal HiFi', 'Aspiro'],
  ['Pandora', 64, 'Pandora', 'Pandora Media', 'Pandora Premium', 'Pandora Radio'],
  ['Napster', 6, 'Napster', 'Rhapsody', 'Napster Rhapsody'],
  ['Anghami', 66, 'Anghami'],
  ['Boomplay', 76, 'Boomplay', 'Boomplay Music'],
  ['YouSee', 78, 'YouSee', 'YouSee Musik'],
  ['Linkfire', 1001, 'Linkfire'],
  ['Audiomack', null, 'Audiomack'],
  ['iHeartRadio', null, 'iHeartRadio', 'iHeart', 'iHeart Media'],
  ['Beatport', null, 'Beatport'],
  ['Shazam', null, 'Shazam'],
  ['KKBox', null, 'KKBox', 'KK Box'],
  ['NetEase Cloud Music', null, 'NetEase Cloud Music', 'NetEase', 'NetEase Music'],
  ['Tencent Music', null, 'Tencent Music', 'Tencent', 'Tencent Music (QQ Music, Kugou, Kuwo)', 'QQ Music', 'Kugou', 'Kuwo', 'TME'],
  ['JioSaavn', null, 'JioSaavn', 'Saavn', 'Jio Saavn'],
  ['Yandex Music', null, 'Yandex Music', 'Yandex'],
  ['Claro Música', null, 'Claro Música', 'Claro Musica', 'Claro'],
  ['7digital', null, '7digital', '7 digital', 'Seven Digital'],
  ['Gracenote', null, 'Gracenote'],
  ['Peloton', null, 'Peloton'],
  ['Snapchat', null, 'Snapchat', 'Snap Inc'],
  ['JOOX', null, 'JOOX'],
  ['LINE MUSIC', null, 'LINE MUSIC', 'Line Music'],
  ['Trebel', null, 'Trebel'],
  ['Melon', null, 'Melon', 'Kakao Melon'],
];

/** Normalises a raw label for lookup: lower case, only letters, digits and '+'/'('/')'. */
export function normaliseLabel(label: string): string {
  return label.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[\s._\-/]+/g, '');
}

const BY_LABEL = new Map<string, SalesService>();
for (const [service, outletId, ...labels] of ROWS) {
  for (const label of [service, ...labels]) {
    const key = normaliseLabel(label);
    if (!BY_LABEL.has(key)) BY_LABEL.set(key, outletId === null ? { service } : { service, outletId });
  }
}

/** The friendly service for a raw source label, or undefined when the mapping has no such label. */
export function serviceForLabel(label: string): SalesService | undefined {
  return BY_LABEL.get(normaliseLabel(label));
}

/** Every friendly service name (for the mapping test and filters). */
export const SALES_SERVICE_NAMES: readonly string[] = [...new Set(ROWS.map((r) => r[0]))];
