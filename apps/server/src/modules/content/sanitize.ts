import { CONTENT_HTML_ATTRIBUTES, CONTENT_HTML_DROPPED_WITH_TEXT, CONTENT_HTML_TAGS, isSafeContentUrl, type Localized } from '@platter/domain';
import sanitizeHtml from 'sanitize-html';

/**
 * Content HTML is cleaned with one allowlist (packages/domain content.ts): on save, so the
 * database holds only harmless markup, and again on read, so a row written some other way
 * (a migration, a restore) is still served harmless. No script, style, iframe, event
 * attribute or javascript:/data: URL survives; links opening a new tab get rel=noopener.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...CONTENT_HTML_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(CONTENT_HTML_ATTRIBUTES).map(([tag, names]) => [tag, [...names, ...(tag === 'a' ? ['rel'] : [])]])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...CONTENT_HTML_DROPPED_WITH_TEXT],
  transformTags: {
    a: (tagName, attribs) => {
      const { href, title, target } = attribs;
      const kept: Record<string, string> = {};
      if (href !== undefined && isSafeContentUrl(href, 'link')) kept.href = href;
      if (title !== undefined) kept.title = title;
      if (target === '_blank') Object.assign(kept, { target: '_blank', rel: 'noopener noreferrer' });
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const kept = { ...attribs };
      if (kept.src !== undefined && !isSafeContentUrl(kept.src, 'image')) delete kept.src;
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

export function sanitizeLocalizedHtml(text: Localized): Localized {
  return { en: sanitizeContentHtml(text.en), zh: sanitizeContentHtml(text.zh), ru: sanitizeContentHtml(text.ru) };
}

/** Plain text of content HTML (list summaries): tags dropped, whitespace collapsed, cut at `max`. */
export function plainText(html: string, max = 160): string {
  // A block's end is a word break: '<p>a</p><p>b</p>' reads 'a b', not 'ab'.
  const spaced = html.replace(/<\/(p|div|li|h\d|tr|td|th|blockquote|pre|figcaption)>|<br\s*\/?>/gi, (tag) => `${tag} `);
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: [...CONTENT_HTML_DROPPED_WITH_TEXT] })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
