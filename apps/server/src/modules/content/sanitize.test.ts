import { describe, expect, it } from 'vitest';
import { plainText, sanitizeContentHtml } from './sanitize.ts';

/** The HTML a content editor may store: harmless whatever is pasted in. */
describe('sanitizeContentHtml', () => {
  it('keeps ordinary markup, links and images', () => {
    const html =
      '<h2>Title</h2><p>A <strong>bold</strong> <a href="https://example.com/x" title="x">link</a> and <a href="/help">help</a>.</p><ul><li>one</li></ul><img src="https://cdn.example.com/a.png" alt="a" />';
    expect(sanitizeContentHtml(html)).toBe(html);
  });

  it('drops script and style elements with their text, iframes and objects', () => {
    expect(sanitizeContentHtml('<p>a</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://evil.example"></iframe><object data="x"></object>')).toBe(
      '<p>a</p>',
    );
    expect(sanitizeContentHtml('<p>a<SCRIPT SRC=//evil.example/x.js></SCRIPT></p>')).toBe('<p>a</p>');
  });

  it('drops event attributes, style, class and id', () => {
    expect(sanitizeContentHtml('<img src="https://x.example/a.png" onerror="alert(1)" style="position:fixed"><p onclick="steal()" class="x" id="y" style="color:red">t</p>')).toBe(
      '<img src="https://x.example/a.png" /><p>t</p>',
    );
    expect(sanitizeContentHtml('<svg onload="alert(1)"><circle/></svg><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('drops javascript:, data: and vbscript: URLs however they are written; an image without a source goes', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      'java\nscript:alert(1)',
      'vbscript:x',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
    ]) {
      expect(sanitizeContentHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(sanitizeContentHtml('<img src="javascript:alert(1)"><img src="data:image/svg+xml,<svg onload=alert(1)>"><p>t</p>')).toBe('<p>t</p>');
  });

  it('makes links that open a new tab safe from the opened page', () => {
    expect(sanitizeContentHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeContentHtml('<a href="https://example.com" target="_top" rel="opener">x</a>')).toBe('<a href="https://example.com">x</a>');
  });
});

describe('plainText', () => {
  it('is the text of the HTML, scripts left out, cut with an ellipsis', () => {
    expect(plainText('<p>Fish &amp; chips</p><script>alert(1)</script><p>&lt;b&gt;</p>')).toBe('Fish & chips <b>');
    expect(plainText(`<p>${'word '.repeat(100)}</p>`, 20)).toBe('word word word word…');
  });
});
