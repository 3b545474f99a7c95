import { describe, expect, it } from '@jest/globals';
import { sanitizeForDisplay } from './SafeHtml';

describe('sanitizeForDisplay (DOMPurify on the allow-list from domain/message-html)', () => {
  it('keeps allowed markup and makes new-tab links safe', () => {
    expect(sanitizeForDisplay('<p>Hi <a href="https://x.test" target="_blank">x</a></p>')).toBe('<p>Hi <a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a></p>');
  });
  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,x'],
    ['tel:123'],
  ])('drops a %s link', (href) => {
    expect(sanitizeForDisplay(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
  });
  it('never turns an escaped reference into a javascript: link', () => {
    const div = document.createElement('div');
    div.innerHTML = sanitizeForDisplay('<a href="javascript&amp;#58;alert(1)">x</a>');
    expect(div.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
  });
  it('drops tags off the list', () => {
    expect(sanitizeForDisplay('<img src=x onerror=alert(1)><script>x</script>ok')).toBe('ok');
  });
});
