import { describe, expect, it } from '@jest/globals';
import { isSafeMessageUrl as isSafeUrl } from '@cadence/domain/message-html';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it.each([
    ['plain text', 'Hello & welcome', 'Hello &amp; welcome'],
    // sanitize-html decodes references to the characters they stand for (the same text for every reader).
    ['decoded entities', 'Caf&eacute; &#233; &#xE9;', 'Café é é'],
    ['allowed tags', '<p>Hi <strong>there</strong><br/>you</p>', '<p>Hi <strong>there</strong><br>you</p>'],
    ['uppercase tags', '<P>x</P>', '<p>x</p>'],
    ['script with content', 'a<script>alert(1)</script>b', 'ab'],
    ['style with content', '<style>body{}</style>ok', 'ok'],
    ['unclosed script drops the rest', 'a<script>alert(1)', 'a'],
    ['unknown tag keeps text', '<marquee>move</marquee>', 'move'],
    ['img removed', '<img src=x onerror=alert(1)>hi', 'hi'],
    ['event handlers removed', '<p onclick="alert(1)" class="x">t</p>', '<p>t</p>'],
    ['safe link', '<a href="https://cadence.test/x?a=1&amp;b=2">go</a>', '<a href="https://cadence.test/x?a=1&amp;b=2">go</a>'],
    ['relative link', "<a href='/releases'>go</a>", '<a href="/releases">go</a>'],
    ['javascript link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['obfuscated javascript link', '<a href="java&#x09;script&colon;alert(1)">x</a>', '<a>x</a>'],
    ['entity-encoded javascript', '<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['data link', '<a href="data:text/html,<b>">x</a>', '<a>x</a>'],
    ['new tab gets noopener', '<a href="https://x.test" target="_blank" rel="opener">x</a>', '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>'],
    ['odd target dropped', '<a href="/a" target="evil">x</a>', '<a href="/a">x</a>'],
    ['quote breaking attribute', '<a href="/a&quot; onmouseover=&quot;x">x</a>', '<a href="/a&quot; onmouseover=&quot;x">x</a>'],
    ['unbalanced tags closed', '<p><em>open', '<p><em>open</em></p>'],
    // As a browser parses it (HTML's rule for a stray </p>): an empty paragraph, nothing else.
    ['stray closing tag', 'x</p>y', 'x<p></p>y'],
    ['misnested closes inner first', '<b><i>x</b>y</i>', '<b><i>x</i></b>y'],
    ['comments removed', 'a<!-- <script>x</script> -->b', 'ab'],
    ['bare angle brackets escaped', '1 < 2 > 0', '1 &lt; 2 &gt; 0'],
    ['svg payload dropped', '<svg><script>alert(1)</script></svg>z', 'z'],
    ['javascript hidden behind an escaped reference', '<a href="javascript&amp;#58;alert(1)">x</a>', '<a>x</a>'],
    ['javascript hidden behind a named reference', '<a href="javascript&amp;colon;alert(1)">x</a>', '<a>x</a>'],
    ['attribute with > inside quotes', '<a href="/a" title="x>y">t</a>', '<a href="/a" title="x&gt;y">t</a>'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });
});

describe('isSafeUrl', () => {
  it.each([
    ['https://a.test', true],
    ['HTTP://a.test', true],
    ['mailto:a@b.test', true],
    ['/path', true],
    ['#top', true],
    ['page?x=1:2', true],
    ['//evil.test', false],
    ['vbscript:x', false],
    ['', false],
  ])('%s → %s', (url, safe) => {
    expect(isSafeUrl(url)).toBe(safe);
  });
});
