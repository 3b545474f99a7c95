/** The sales-name mapping covers every store in our dictionaries. */
import { DSPS } from '../../../../prisma/seed/dsps.ts';
import { OUTLETS } from '../../../../prisma/seed/outlets.ts';
import { serviceForLabel, SALES_SERVICE_NAMES } from './sales-names.ts';

test.each(DSPS.map((d) => [d.name, d.uri]))('the DSP %s (%s) has a sales name', (name, uri) => {
  expect(serviceForLabel(name)).toBeDefined();
  expect(serviceForLabel(uri)).toBeDefined();
});

test.each(OUTLETS.map((o) => [o.name, o.id]))('the analytics outlet %s maps to outlet %i', (name, id) => {
  expect(serviceForLabel(name)?.outletId).toBe(id);
});

test.each([
  ['SPOTIFY PREMIUM', 'Spotify'],
  ['apple-music', 'Apple Music'],
  ['Amazon Unlimited', 'Amazon Music Unlimited'],
  ['YouTube Red', 'YouTube Music'],
  ['youtube', 'YouTube'],
  ['SoundCloud Go+', 'SoundCloud'],
  ['Tik Tok', 'TikTok'],
  ['Facebook Audio Library', 'Facebook'],
  ['Qobuz', 'Qobuz'],
])('the raw label %s reads as %s', (label, service) => {
  expect(serviceForLabel(label)?.service).toBe(service);
});

test('the spec examples are friendly names', () => {
  for (const s of ['Spotify', 'Apple Music', 'Amazon Music Unlimited', 'YouTube', 'YouTube Music', 'SoundCloud', 'TikTok', 'Facebook', 'Qobuz']) expect(SALES_SERVICE_NAMES).toContain(s);
});
