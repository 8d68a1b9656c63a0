import { DOCUMENT_KEYS, updateDocumentBody, type DocumentKey } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Segmented, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contentKeys } from '../contentApi.ts';
import { contentWrites, fetchAdminDocument } from './adminContentApi.ts';
import { formatDateTime } from '../shared.tsx';
import { checkWithSchema, clearErrorsOnChange, EMPTY_TEXT, LocalizedFields, useContentSave } from './editor.tsx';

interface DocumentForm {
  title: { en: string; zh: string; ru: string };
  content: { en: string; zh: string; ru: string };
}

/** /admin/documents: the user agreement, the privacy policy and the support centre's contact text. */
export function DocumentsAdminPage() {
  const { t } = useTranslation();
  const [key, setKey] = useState<DocumentKey>('agreement');
  const [form] = Form.useForm<DocumentForm>();
  const { save, saving } = useContentSave();
  const doc = useQuery({ queryKey: contentKeys.admin('document', key), queryFn: () => fetchAdminDocument(key) });

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(doc.data ? { title: doc.data.title, content: doc.data.content } : { title: { ...EMPTY_TEXT }, content: { ...EMPTY_TEXT } });
  }, [doc.data, form, key]);

  const submit = async () => {
    const checked = checkWithSchema(form, updateDocumentBody, { key, ...(form.getFieldsValue(true) as DocumentForm) }, t('content.admin.required'));
    if (checked) await save(() => contentWrites.saveDocument(checked));
  };

  return (
    <div className="content-admin content-admin-page" data-testid="document-admin">
      <Typography.Title level={3}>{t('content.admin.documents.title')}</Typography.Title>
      <Segmented
        value={key}
        onChange={(value) => setKey(value)}
        options={DOCUMENT_KEYS.map((value) => ({ value, label: <span data-testid={`document-key-${value}`}>{t(`content.admin.documents.${value}`)}</span> }))}
      />
      <Typography.Paragraph type="secondary" className="content-admin__toolbar" data-testid="document-state">
        {doc.data ? t('content.updatedAt', { time: formatDateTime(doc.data.updated_at) }) : t('content.admin.documents.notWritten')}
      </Typography.Paragraph>
      {doc.isPending ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" onValuesChange={clearErrorsOnChange(form)} onFinish={() => void submit()}>
          <LocalizedFields html="content" rows={16} />
          <div className="content-admin-page__actions">
            <Button type="primary" htmlType="submit" loading={saving} data-testid="document-save">
              {t('content.admin.save')}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
