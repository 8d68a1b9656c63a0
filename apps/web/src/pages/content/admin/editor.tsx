import { errorMessageByName, isErrorName, LANGS, type Lang } from '@platter/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Tabs, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { currentLang } from '../../../api/index.ts';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { contentKeys, isSuccess } from '../contentApi.ts';
import type { ApiAnswer } from '../../../api/index.ts';

/**
 * The back office's content editor: every text in en, zh and ru side by side in tabs (English
 * required, the others fall back to it), HTML in a plain text area with a live preview drawn
 * the way the public pages draw it. Forms are checked with the server's zod schema first.
 */

export const EMPTY_TEXT = { en: '', zh: '', ru: '' } as const;

/** Checks `values` with `schema`; shows each broken rule on its field (nested names such as title.en). */
export function checkWithSchema<S extends z.ZodType>(form: FormInstance, schema: S, values: unknown, requiredText: string): z.output<S> | null {
  const parsed = schema.safeParse(values);
  const lang = currentLang();
  const cleared = form.getFieldsError().map((field) => ({ name: field.name, errors: [] as string[] }));
  if (parsed.success) {
    form.setFields(cleared);
    return parsed.data;
  }
  const seen = new Set<string>();
  const errors: { name: (string | number)[]; errors: string[] }[] = [];
  for (const issue of parsed.error.issues) {
    const name = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
    const key = name.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    const value = name.reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string | number, unknown>)[part] : undefined), values);
    const text =
      value === undefined || (typeof value === 'string' && value.trim() === '')
        ? requiredText
        : isErrorName(issue.message)
          ? errorMessageByName(issue.message, lang)
          : errorMessageByName('INVALID_PARAMETER', lang);
    errors.push({ name, errors: [text] });
  }
  form.setFields([...cleared, ...errors]);
  return null;
}

function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => leafPaths(inner, [...prefix, key]));
}

/** A Form's onValuesChange: a field's error goes as soon as it is edited (the check runs again on save). */
export function clearErrorsOnChange(form: FormInstance) {
  return (changed: object) => form.setFields(leafPaths(changed).map((name) => ({ name, errors: [] })));
}

/**
 * Sends a checked form: on code 200 the content queries refresh, a success message shows and
 * `done` runs; a business code has already been shown by the client.
 */
export function useContentSave() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const save = async <T,>(send: () => Promise<ApiAnswer<T>>, done?: (answer: ApiAnswer<T>) => void) => {
    setSaving(true);
    try {
      const answer = await send();
      if (!isSuccess(answer)) return false;
      await queryClient.invalidateQueries({ queryKey: contentKeys.all });
      void message.success(t('content.admin.saved'));
      done?.(answer);
      return true;
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}

function Preview({ html }: { html: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="content-preview">
      <Typography.Text type="secondary" className="content-preview__label">
        {t('content.admin.preview')}
      </Typography.Text>
      {html?.trim() ? <SafeHtml html={html} testId="content-preview" /> : <Typography.Text type="secondary">{t('content.admin.previewEmpty')}</Typography.Text>}
    </div>
  );
}

function LanguageFields({ lang, title, html, note, rows }: { lang: Lang; title: string; html?: string | undefined; note?: string | undefined; rows: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const content = Form.useWatch(html ? [html, lang] : ['__none'], form) as string | undefined;
  const required = lang === 'en';
  return (
    <>
      <Form.Item name={[title, lang]} label={t(`content.admin.field.${title}`)} required={required}>
        <Input maxLength={200} data-testid={`editor-${title}-${lang}`} />
      </Form.Item>
      {note ? (
        <Form.Item name={[note, lang]} label={t(`content.admin.field.${note}`)}>
          <Input.TextArea rows={2} maxLength={1000} data-testid={`editor-${note}-${lang}`} />
        </Form.Item>
      ) : null}
      {html ? (
        <div className="content-editor">
          <Form.Item name={[html, lang]} label={t('content.admin.field.html')} required={required} extra={t('content.admin.htmlHint')}>
            <Input.TextArea rows={rows} className="content-editor__html" spellCheck={false} data-testid={`editor-${html}-${lang}`} />
          </Form.Item>
          <Preview html={content} />
        </div>
      ) : null}
    </>
  );
}

/** Tabs en / zh / ru, each with the item's title, an optional note and optional HTML content with its preview. */
export function LocalizedFields({ title = 'title', html, note, rows = 12 }: { title?: string; html?: string; note?: string; rows?: number }) {
  const { t } = useTranslation();
  return (
    <Tabs
      className="content-languages"
      items={LANGS.map((lang) => ({
        key: lang,
        forceRender: true,
        label: <span data-testid={`editor-tab-${lang}`}>{t(`content.admin.lang.${lang}`)}</span>,
        children: <LanguageFields lang={lang} title={title} html={html} note={note} rows={rows} />,
      }))}
    />
  );
}

/** The languages an item is written in, as short tags. */
export function LanguageTags({ text }: { text: Record<Lang, string> }) {
  return (
    <span className="content-langs">
      {LANGS.filter((lang) => text[lang]?.trim()).map((lang) => (
        <span key={lang} className="content-langs__tag">
          {lang}
        </span>
      ))}
    </span>
  );
}
