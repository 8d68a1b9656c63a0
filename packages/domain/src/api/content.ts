import { z } from 'zod';
import { DOCUMENT_KEYS, DOWNLOAD_KINDS, HELP_TYPES } from '../content.ts';
import { LANGS } from '../lang.ts';
import { pageOf, pagingQuery } from './envelope.ts';
import { msg, text, idField } from './text.ts';

/**
 * The content calls (spec doc 2 §7 'Home and content', 'Admin'): what readers get. Public reads
 * answer in the request's language (h9_lang cookie, then Accept-Language); `lang` says which one
 * was served. HTML is sanitised by the server; readers get it sanitised. The back office's
 * forms and lists are in contentAdmin.ts: the site's first load does not build them.
 */

export const contentIdQuery = z.object({ id: idField });

// --- banners ----------------------------------------------------------------------------------

export const bannerSchema = z.object({ id: text(), title: text(), image_url: text(), link_url: text() });
export type Banner = z.infer<typeof bannerSchema>;

// --- announcements and help items --------------------------------------------------------------

export const helpTypeField = z.enum(HELP_TYPES, { error: msg('INVALID_PARAMETER') });
export const helpListQuery = pagingQuery.extend({ type: helpTypeField.optional() });

/** A list entry: the title and a plain-text beginning of the content, in the served language. */
export const articleSummarySchema = z.object({
  id: text(),
  title: text(),
  summary: text(),
  lang: z.enum(LANGS),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export const articleSchema = articleSummarySchema.omit({ summary: true }).extend({ content: text().meta({ description: 'Sanitised HTML' }) });
export const noticePage = pageOf(articleSummarySchema);
export const helpSummarySchema = articleSummarySchema.extend({ type: helpTypeField });
export const helpPage = pageOf(helpSummarySchema);
export const helpArticleSchema = articleSchema.extend({ type: helpTypeField });
export type ArticleSummary = z.infer<typeof articleSummarySchema>;
export type Article = z.infer<typeof articleSchema>;
export type HelpSummary = z.infer<typeof helpSummarySchema>;
export type HelpArticle = z.infer<typeof helpArticleSchema>;

// --- download centre -----------------------------------------------------------------------------

export const downloadSchema = z.object({
  id: text(),
  kind: z.enum(DOWNLOAD_KINDS),
  coin: text(),
  name: text(),
  description: text(),
  url: text(),
  version: text(),
});
export type Download = z.infer<typeof downloadSchema>;

// --- the operator's texts -------------------------------------------------------------------------

export const documentKeyField = z.enum(DOCUMENT_KEYS, { error: msg('INVALID_PARAMETER') });
export const documentQuery = z.object({ key: documentKeyField });
export const documentSchema = z.object({ key: documentKeyField, title: text(), content: text(), lang: z.enum(LANGS), updated_at: z.number().int() });
export type ContentDocument = z.infer<typeof documentSchema>;
