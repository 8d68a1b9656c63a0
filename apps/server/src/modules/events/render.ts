import { LANGS, type EventKey, type Lang, type LocalizedText } from '@platter/domain';
import { locationName } from '../../http/geo.ts';
import { EVENT_TEMPLATES, LABELS } from './templates.ts';

/**
 * Turns an event's parameters into its texts in one language. `show` decides how each value
 * appears in the channel (escaped into HTML for the in-site message, as it is in plain text).
 */

const PLACEHOLDER = /\{(\w+)\}/g;

export function renderEvent(
  key: EventKey,
  params: Record<string, unknown>,
  lang: Lang,
  show: (name: string, value: string) => string = (_name, value) => value,
): { title: string; body: string[] } {
  const texts = EVENT_TEMPLATES[key][lang];
  const fill = (line: string) =>
    line.replace(PLACEHOLDER, (_all, name: string) => {
      const raw = params[name];
      if (raw === undefined) throw new Error(`event ${key}: the template names {${name}}, which its parameters lack`);
      const labels = (LABELS as Record<string, Record<Lang, Record<string, string>> | undefined>)[name]?.[lang];
      const value = name === 'country' ? locationName(String(params.ip ?? ''), String(raw), lang) : labels ? (labels[String(raw)] ?? String(raw)) : String(raw);
      return show(name, value === '' ? '—' : value);
    });
  return { title: fill(texts.title), body: texts.body.map(fill) };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Values shown as code in HTML: long identifiers a user copies. */
const CODE_PARAMS = new Set(['txid', 'address']);

/** The in-site message: a plain title and an HTML body of paragraphs, every value escaped, in each language. */
export function renderInmail(key: EventKey, params: Record<string, unknown>): { title: LocalizedText; content: LocalizedText } {
  const title = {} as LocalizedText;
  const content = {} as LocalizedText;
  for (const lang of LANGS) {
    const html = renderEvent(key, params, lang, (name, value) => (CODE_PARAMS.has(name) ? `<code>${escapeHtml(value)}</code>` : escapeHtml(value)));
    title[lang] = renderEvent(key, params, lang).title;
    content[lang] = html.body.map((line) => `<p>${line}</p>`).join('');
  }
  return { title, content };
}
