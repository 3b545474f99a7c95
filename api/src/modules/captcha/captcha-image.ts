/**
 * Draws a captcha answer as an SVG made only of paths: each character is a 5x7 dot-matrix glyph
 * whose cells are jittered, the glyph shifted and rotated, over noise lines and dots. There is no
 * text in the markup, so a program cannot read the answer out of the image source.
 */
import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: characters people confuse. */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 5;

/** A random answer from the unambiguous alphabet. */
export function randomCaptchaText(length = CAPTCHA_LENGTH): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

// 5x7 glyphs, one string of 35 cells per character, row by row ('1' = ink).
const GLYPHS: Record<string, string> = {
  A: '01110100011000111111100011000110001', B: '11110100011000111110100011000111110',
  C: '01110100011000010000100001000101110', D: '11110100011000110001100011000111110',
  E: '11111100001000011110100001000011111', F: '11111100001000011110100001000010000',
  G: '01110100011000010111100011000101111', H: '10001100011000111111100011000110001',
  J: '00111000100001000010000101001001100', K: '10001100101010011000101001001010001',
  M: '10001110111010110101100011000110001', N: '10001100011100110101100111000110001',
  P: '11110100011000111110100001000010000', Q: '01110100011000110001101011001001101',
  R: '11110100011000111110101001001010001', S: '01111100001000001110000010000111110',
  T: '11111001000010000100001000010000100', U: '10001100011000110001100011000101110',
  V: '10001100011000110001100010101000100', W: '10001100011000110101101011010101010',
  X: '10001100010101000100010101000110001', Y: '10001100010101000100001000010000100',
  Z: '11111000010001000100010001000011111', '2': '01110100010000100010001000100011111',
  '3': '11111000100010000010000011000101110', '4': '00010001100101010010111110001000010',
  '5': '11111100001111000001000011000101110', '6': '00110010001000011110100011000101110',
  '7': '11111000010001000100010000100001000', '8': '01110100011000101110100011000101110',
  '9': '01110100011000101111000010001001100',
};

const COLOURS = ['#1d3557', '#6a040f', '#14532d', '#3c096c', '#7c2d12'];
const CELL = 5;

/** Path data for one glyph: a small jittered square per inked cell. */
function glyphPath(ch: string): string {
  const cells = GLYPHS[ch] ?? GLYPHS.X!;
  let d = '';
  for (let i = 0; i < cells.length; i += 1) {
    if (cells[i] !== '1') continue;
    const x = (i % 5) * CELL + randomInt(3) - 1;
    const y = Math.floor(i / 5) * CELL + randomInt(3) - 1;
    const s = CELL + randomInt(2);
    d += `M${x} ${y}h${s}v${s}h${-s}z`;
  }
  return d;
}

/** The SVG markup for an answer. */
export function renderCaptchaSvg(text: string, width = 200, height = 70): string {
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`);
  parts.push(`<rect width="100%" height="100%" fill="#f4f1ea"/>`);
  for (let i = 0; i < 6; i += 1) {
    parts.push(`<path d="M${randomInt(width)} ${randomInt(height)}L${randomInt(width)} ${randomInt(height)}" stroke="${COLOURS[randomInt(COLOURS.length)]}" stroke-width="${1 + randomInt(2)}" opacity="0.5"/>`);
  }
  for (let i = 0; i < 40; i += 1) {
    parts.push(`<circle cx="${randomInt(width)}" cy="${randomInt(height)}" r="1" fill="#555" opacity="0.6"/>`);
  }
  const step = (width - 30) / text.length;
  [...text].forEach((ch, i) => {
    const x = 14 + i * step + randomInt(6);
    const y = 16 + randomInt(12);
    const rotate = randomInt(40) - 20;
    const scale = (0.95 + randomInt(20) / 100).toFixed(2);
    parts.push(
      `<path d="${glyphPath(ch)}" fill="${COLOURS[randomInt(COLOURS.length)]}" transform="translate(${x} ${y}) rotate(${rotate} 12 17) scale(${scale})"/>`,
    );
  });
  parts.push('</svg>');
  return parts.join('');
}
