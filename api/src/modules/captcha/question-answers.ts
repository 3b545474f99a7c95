/** Test helper: answers a captcha question the way a person listening to it would, from its words alone. */

/** Number words as a person would say them, indexed by their value. */
export const SPOKEN_NUMBERS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty',
];

/** The number a question in words asks for (a sum, a difference or the largest of several). */
export function answerTo(question: string): number {
  const values = [...question.toLowerCase().matchAll(/[a-z]+/g)].map((m) => SPOKEN_NUMBERS.indexOf(m[0])).filter((n) => n >= 0);
  if (/ plus /.test(question)) return values[0]! + values[1]!;
  if (/ minus /.test(question)) return values[0]! - values[1]!;
  if (/largest/.test(question)) return Math.max(...values);
  throw new Error(`unexpected question: ${question}`);
}
