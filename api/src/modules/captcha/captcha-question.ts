/**
 * The text alternative to the captcha picture: a short question in words that a screen reader
 * reads aloud. Every answer is a whole number, accepted as digits ("11") or as a word ("eleven").
 */
import { randomInt } from 'node:crypto';

const NUMBER_WORDS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty',
] as const;

export interface CaptchaQuestion {
  question: string;
  /** The answer as digits (what normalizeQuestionAnswer makes of a correct reply). */
  answer: string;
}

const word = (n: number) => NUMBER_WORDS[n]!;

/** Three distinct numbers from 1 to 20. */
function threeNumbers(): [number, number, number] {
  const picked = new Set<number>();
  while (picked.size < 3) picked.add(1 + randomInt(20));
  return [...picked] as [number, number, number];
}

/** A random question: a sum, a difference or the largest of three numbers, all in words. */
export function randomCaptchaQuestion(): CaptchaQuestion {
  switch (randomInt(3)) {
    case 0: {
      const a = 2 + randomInt(8);
      const b = 2 + randomInt(8);
      return { question: `What is ${word(a)} plus ${word(b)}?`, answer: String(a + b) };
    }
    case 1: {
      const a = 10 + randomInt(11);
      const b = 1 + randomInt(9);
      return { question: `What is ${word(a)} minus ${word(b)}?`, answer: String(a - b) };
    }
    default: {
      const numbers = threeNumbers();
      const [x, y, z] = numbers.map(word);
      return { question: `Which is the largest number: ${x}, ${y} or ${z}?`, answer: String(Math.max(...numbers)) };
    }
  }
}

/** A reply as the stored answer's form: digits without leading zeros, or a number word as digits. */
export function normalizeQuestionAnswer(reply: string): string {
  const text = reply.trim().toLowerCase().replace(/[.!]+$/, '');
  if (/^\d{1,3}$/.test(text)) return String(Number(text));
  const index = (NUMBER_WORDS as readonly string[]).indexOf(text);
  return index >= 0 ? String(index) : text;
}
