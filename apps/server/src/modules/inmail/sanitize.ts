import sanitizeHtml from 'sanitize-html';

/**
 * A message's content is HTML (spec doc 2 §3 'Message'): kept to text formatting and links,
 * sanitised when saved and again when shown, so a stored script, event attribute or
 * javascript: URL never reaches a reader's page.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'code', 'pre', 'span', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Every language's text sanitised. */
export function sanitizeLocalized<T extends Record<string, string>>(text: T): T {
  return Object.fromEntries(Object.entries(text).map(([lang, value]) => [lang, sanitizeMessageHtml(value)])) as T;
}
