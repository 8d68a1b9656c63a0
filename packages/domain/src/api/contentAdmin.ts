import { z } from 'zod';
import { CONTENT_HTML_MAX, CONTENT_SORT_MAX, CONTENT_TEXT_MAX, CONTENT_TITLE_MAX, CONTENT_URL_MAX, DOWNLOAD_KINDS, isSafeContentUrl } from '../content.ts';
import { LANGS } from '../lang.ts';
import { documentKeyField, helpTypeField } from './content.ts';
import { pageOf } from './envelope.ts';
import { msg, text, idField } from './text.ts';

/**
 * The back office's content calls (spec doc 2 §7 'Admin'): its forms and lists. Every text comes
 * in en, zh and ru: English is required, the others fall back to it. Apart from content.ts (what
 * readers get) so that the site's first load, which reads content, does not build these.
 */

/** One text per language: `required` makes the English one mandatory. */
function localized(max: number, required: boolean) {
  const one = text({ error: msg('INVALID_PARAMETER') })
    .trim()
    .max(max, msg('OUT_OF_LENGTH_LIMIT'));
  return z
    .object({
      en: required ? one.min(1, msg('INVALID_PARAMETER')) : one.default(''),
      zh: one.default(''),
      ru: one.default(''),
    })
    .meta({ description: `Text per language (${LANGS.join(', ')}); ${required ? 'en required, ' : ''}an empty one falls back to en` });
}

export const localizedTitle = localized(CONTENT_TITLE_MAX, true);
export const localizedHtml = localized(CONTENT_HTML_MAX, true);
export const localizedNote = localized(CONTENT_TEXT_MAX, false);
const localizedOut = z.object({ en: text(), zh: text(), ru: text() });

function urlField(kind: 'link' | 'image') {
  return text({ error: msg('INVALID_PARAMETER') })
    .trim()
    .max(CONTENT_URL_MAX, msg('OUT_OF_LENGTH_LIMIT'))
    .refine((url) => isSafeContentUrl(url, kind), msg('INVALID_PARAMETER'))
    .meta({ description: kind === 'image' ? 'http(s) URL or a path on this site (/banners/a.png)' : 'http(s) or mailto URL, or a path on this site' });
}

const sortField = z.coerce
  .number({ error: msg('INVALID_PARAMETER') })
  .int(msg('INVALID_PARAMETER'))
  .min(0, msg('INVALID_PARAMETER'))
  .max(CONTENT_SORT_MAX, msg('INVALID_PARAMETER'))
  .default(0);
const secondsField = z
  .number({ error: msg('INVALID_PARAMETER') })
  .int(msg('INVALID_PARAMETER'))
  .min(0, msg('INVALID_PARAMETER'))
  .max(4_102_444_800, msg('INVALID_PARAMETER'));
const withId = <T extends z.ZodRawShape>(shape: z.ZodObject<T>) => shape.extend({ id: idField });

// --- banners ----------------------------------------------------------------------------------

const bannerFields = z.object({
  title: localizedTitle.meta({ description: 'Caption and image alt text per language' }),
  image_url: urlField('image'),
  link_url: z.union([z.literal(''), urlField('link')]).default(''),
  sort: sortField.meta({ description: 'Smaller first' }),
  active: z.boolean({ error: msg('INVALID_PARAMETER') }).default(true),
  starts_at: secondsField.nullable().default(null).meta({ description: 'Shown from (seconds since epoch); null: at once' }),
  ends_at: secondsField.nullable().default(null).meta({ description: 'Shown until (seconds since epoch); null: no end' }),
});
const windowValid = (b: { starts_at: number | null; ends_at: number | null }) => b.starts_at === null || b.ends_at === null || b.ends_at > b.starts_at;
export const addBannerBody = bannerFields.refine(windowValid, { message: msg('INVALID_PARAMETER'), path: ['ends_at'] });
export const updateBannerBody = withId(bannerFields).refine(windowValid, { message: msg('INVALID_PARAMETER'), path: ['ends_at'] });
export type AddBannerBody = z.infer<typeof addBannerBody>;
export type UpdateBannerBody = z.infer<typeof updateBannerBody>;

export const bannerAdminSchema = z.object({
  id: text(),
  title: localizedOut,
  image_url: text(),
  link_url: text(),
  sort: z.number().int(),
  active: z.boolean(),
  starts_at: z.number().int().nullable(),
  ends_at: z.number().int().nullable(),
  showing: z.boolean().meta({ description: 'Active and inside its window now' }),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type BannerAdmin = z.infer<typeof bannerAdminSchema>;
export const bannerAdminPage = pageOf(bannerAdminSchema);

// --- announcements and help items --------------------------------------------------------------

const articleFields = z.object({ title: localizedTitle, content: localizedHtml });
export const addAnnouncementBody = articleFields;
export const updateAnnouncementBody = withId(articleFields);
export type AnnouncementBody = z.infer<typeof addAnnouncementBody>;

const helpFields = articleFields.extend({ type: helpTypeField, sort: sortField });
export const addHelpBody = helpFields;
export const updateHelpBody = withId(helpFields);
export type HelpBody = z.infer<typeof addHelpBody>;

export const articleAdminSchema = z.object({
  id: text(),
  title: localizedOut,
  content: localizedOut,
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export const announcementAdminSchema = articleAdminSchema;
export const helpAdminSchema = articleAdminSchema.extend({ type: helpTypeField, sort: z.number().int() });
export type AnnouncementAdmin = z.infer<typeof announcementAdminSchema>;
export type HelpAdmin = z.infer<typeof helpAdminSchema>;
export const announcementAdminPage = pageOf(announcementAdminSchema);
export const helpAdminPage = pageOf(helpAdminSchema);

// --- download centre -----------------------------------------------------------------------------

const downloadFields = z.object({
  kind: z.enum(DOWNLOAD_KINDS, { error: msg('INVALID_PARAMETER') }),
  coin: text()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z0-9_]{2,16})?$/, msg('COIN_NOT_FOUND'))
    .default('')
    .meta({ description: 'Coin type of a tool (empty for the app)' }),
  name: localizedTitle,
  description: localizedNote.default({ en: '', zh: '', ru: '' }),
  url: urlField('link'),
  version: text().trim().max(32, msg('OUT_OF_LENGTH_LIMIT')).default(''),
  sort: sortField,
});
const toolHasCoin = (d: { kind: string; coin: string }) => d.kind === 'app' || d.coin !== '';
export const addDownloadBody = downloadFields.refine(toolHasCoin, { message: msg('COIN_NOT_FOUND'), path: ['coin'] });
export const updateDownloadBody = withId(downloadFields).refine(toolHasCoin, { message: msg('COIN_NOT_FOUND'), path: ['coin'] });
export type DownloadBody = z.infer<typeof addDownloadBody>;

export const downloadAdminSchema = z.object({
  id: text(),
  kind: z.enum(DOWNLOAD_KINDS),
  coin: text(),
  name: localizedOut,
  description: localizedOut,
  url: text(),
  version: text(),
  sort: z.number().int(),
  updated_at: z.number().int(),
});
export type DownloadAdmin = z.infer<typeof downloadAdminSchema>;
export const downloadAdminPage = pageOf(downloadAdminSchema);

// --- the operator's texts -------------------------------------------------------------------------

export const updateDocumentBody = z.object({ key: documentKeyField, title: localizedTitle, content: localizedHtml });
export type UpdateDocumentBody = z.infer<typeof updateDocumentBody>;
export const documentAdminSchema = z.object({ key: documentKeyField, title: localizedOut, content: localizedOut, updated_at: z.number().int() });
export type DocumentAdmin = z.infer<typeof documentAdminSchema>;
