import type { IOptions } from 'sanitize-html';

/**
 * A message's content is HTML (spec doc 2 §3 'Message'): kept to text formatting and links,
 * sanitised when saved and again when shown, so a stored script, event attribute or
 * javascript: URL never reaches a reader's page. sanitize-html (with its CSS parser) is loaded
 * on first use: the processes that only send messages (the review batch, the worker) start
 * without it until they need it.
 */
const OPTIONS: IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'code', 'pre', 'span', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export type Sanitize = (html: string) => string;

let loaded: Promise<Sanitize> | undefined;

/** The message sanitiser (loaded once). */
export function messageSanitizer(): Promise<Sanitize> {
  loaded ??= import('sanitize-html').then(({ default: sanitizeHtml }) => {
    const options: IOptions = { ...OPTIONS, transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) } };
    return (html: string) => sanitizeHtml(html, options).trim();
  });
  return loaded;
}

/** Every language's text sanitised. */
export async function sanitizeLocalized<T extends Record<string, string>>(text: T): Promise<T> {
  const sanitize = await messageSanitizer();
  return Object.fromEntries(Object.entries(text).map(([lang, value]) => [lang, sanitize(value)])) as T;
}
