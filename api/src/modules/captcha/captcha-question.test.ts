import { describe, expect, it } from '@jest/globals';
import { normalizeQuestionAnswer, randomCaptchaQuestion } from './captcha-question.ts';

describe('text captcha questions', () => {
  it('are in words only, and their answer is a small whole number', () => {
    for (let i = 0; i < 300; i += 1) {
      const { question, answer } = randomCaptchaQuestion();
      expect(question).toMatch(/^(What is [a-z]+ (plus|minus) [a-z]+\?|Which is the largest number: [a-z]+, [a-z]+ or [a-z]+\?)$/);
      expect(answer).toMatch(/^([1-9]|1\d|20)$/);
    }
  });

  it.each([
    ['11', '11'],
    [' 011 ', '11'],
    ['Eleven', '11'],
    ['  twenty. ', '20'],
    ['seven!', '7'],
    ['zero', '0'],
    ['ninety-nine', 'ninety-nine'],
    ['', ''],
    ['1234', '1234'],
  ])('reads %j as %j', (reply, expected) => {
    expect(normalizeQuestionAnswer(reply)).toBe(expected);
  });
});
