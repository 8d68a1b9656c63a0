import { addHelpBody, HELP_TYPES, updateHelpBody, type HelpAdmin, type HelpType } from '@platter/domain';
import { Form, InputNumber, Segmented, Select, Tag, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contentWrites, fetchAdminHelp } from './adminContentApi.ts';
import { formatDateTime } from '../shared.tsx';
import { ContentAdminList } from './AdminList.tsx';
import { checkWithSchema, EMPTY_TEXT, LanguageTags, LocalizedFields } from './editor.tsx';

interface HelpForm {
  type: HelpType;
  sort: number | null;
  title: { en: string; zh: string; ru: string };
  content: { en: string; zh: string; ru: string };
}

/** /admin/help_list: FAQ entries and tutorials, each in three languages. */
export function HelpAdminPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<HelpType | ''>('');
  const submit = (form: FormInstance, values: HelpForm, row: HelpAdmin | null) => {
    const body = { ...(row ? { id: row.id } : {}), type: values.type, sort: values.sort ?? 0, title: values.title, content: values.content };
    const checked = checkWithSchema(form, row ? updateHelpBody : addHelpBody, body, t('content.admin.required'));
    if (!checked) return null;
    return row ? () => contentWrites.updateHelp(checked) : () => contentWrites.addHelp(checked);
  };
  return (
    <ContentAdminList<HelpAdmin, HelpForm>
      key={type}
      title={t('content.admin.help.title')}
      testId="help-admin"
      queryKey={['help', type]}
      fetchPage={(page) => fetchAdminHelp(page, type)}
      toForm={(row) => ({ type: row?.type ?? (type || 'faq'), sort: row?.sort ?? 0, title: row?.title ?? { ...EMPTY_TEXT }, content: row?.content ?? { ...EMPTY_TEXT } })}
      submit={submit}
      dialogTitles={[t('content.admin.help.addTitle'), t('content.admin.help.editTitle')]}
      remove={(row) => contentWrites.deleteHelp(row.id)}
      modalWidth={1000}
      toolbar={
        <Segmented
          value={type}
          onChange={(value) => setType(value)}
          options={[{ value: '' as const, label: t('content.admin.help.all') }, ...HELP_TYPES.map((value) => ({ value, label: t(`content.nav.${value}`) }))]}
          data-testid="help-admin-type"
        />
      }
      columns={[
        { key: 'title', title: t('content.admin.field.title'), render: (_, h) => h.title.en },
        { key: 'type', title: t('content.admin.help.type'), render: (_, h) => <Tag>{t(`content.nav.${h.type}`)}</Tag> },
        { key: 'langs', title: t('content.admin.languages'), render: (_, h) => <LanguageTags text={h.title} /> },
        { key: 'sort', title: t('content.admin.field.sort'), dataIndex: 'sort' },
        { key: 'updated', title: t('content.admin.updated'), render: (_, h) => formatDateTime(h.updated_at) },
      ]}
      fields={
        <>
          <div className="content-admin__toolbar">
            <Form.Item name="type" label={t('content.admin.help.type')}>
              <Select style={{ minWidth: 160 }} options={HELP_TYPES.map((value) => ({ value, label: t(`content.nav.${value}`) }))} data-testid="help-type" />
            </Form.Item>
            <Form.Item name="sort" label={t('content.admin.field.sort')}>
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </div>
          <LocalizedFields html="content" />
        </>
      }
    />
  );
}
