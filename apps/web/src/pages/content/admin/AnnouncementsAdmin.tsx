import { addAnnouncementBody, updateAnnouncementBody, type AnnouncementAdmin } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Result, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '../../../app/links.ts';
import { contentKeys } from '../contentApi.ts';
import { contentWrites, fetchAdminAnnouncement, fetchAdminAnnouncements } from './adminContentApi.ts';
import { formatDateTime } from '../shared.tsx';
import { ContentAdminList } from './AdminList.tsx';
import { checkWithSchema, clearErrorsOnChange, EMPTY_TEXT, LanguageTags, LocalizedFields, useContentSave } from './editor.tsx';

const ADD_PATH = '/admin/bulletin_add';
const LIST_PATH = '/admin/bulletin_list';

interface ArticleForm {
  title: { en: string; zh: string; ru: string };
  content: { en: string; zh: string; ru: string };
}

/** /admin/bulletin_list: the announcements; editing opens the editor page. */
export function AnnouncementsAdminPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ContentAdminList<AnnouncementAdmin, ArticleForm>
      title={t('content.admin.announcements.title')}
      testId="announcement-admin"
      queryKey={['announcements']}
      fetchPage={fetchAdminAnnouncements}
      onEdit={(row) => void navigate(row ? `${ADD_PATH}?id=${row.id}` : ADD_PATH)}
      toForm={() => ({ title: { ...EMPTY_TEXT }, content: { ...EMPTY_TEXT } })}
      submit={() => null}
      remove={(row) => contentWrites.deleteAnnouncement(row.id)}
      columns={[
        {
          key: 'title',
          title: t('content.admin.field.title'),
          render: (_, a) => (
            <Link to={`${ROUTES.bulletin}?id=${a.id}`} target="_blank" data-testid={`announcement-title-${a.id}`}>
              {a.title.en}
            </Link>
          ),
        },
        { key: 'langs', title: t('content.admin.languages'), render: (_, a) => <LanguageTags text={a.title} /> },
        { key: 'created', title: t('content.admin.created'), render: (_, a) => formatDateTime(a.created_at) },
        { key: 'updated', title: t('content.admin.updated'), render: (_, a) => formatDateTime(a.updated_at) },
      ]}
      fields={null}
      dialogTitles={[t('content.admin.announcements.addTitle'), t('content.admin.announcements.editTitle')]}
    />
  );
}

/** /admin/bulletin_add: writes a new announcement, or edits `?id=`, in three languages with a preview. */
export function AnnouncementEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const [form] = Form.useForm<ArticleForm>();
  const { save, saving } = useContentSave();
  const existing = useQuery({ queryKey: contentKeys.admin('announcement', id), queryFn: () => fetchAdminAnnouncement(id ?? ''), enabled: id !== null });

  useEffect(() => {
    form.setFieldsValue(existing.data ? { title: existing.data.title, content: existing.data.content } : { title: { ...EMPTY_TEXT }, content: { ...EMPTY_TEXT } });
  }, [existing.data, form, id]);

  if (id && existing.isPending) return <Skeleton active />;
  if (id && existing.data === null) return <Result status="404" title={t('content.notFound')} extra={<Link to={LIST_PATH}>{t('content.admin.announcements.back')}</Link>} />;

  const submit = async () => {
    const values = form.getFieldsValue(true) as ArticleForm;
    const body = id ? { id, ...values } : values;
    const checked = checkWithSchema(form, id ? updateAnnouncementBody : addAnnouncementBody, body, t('content.admin.required'));
    if (!checked) return;
    await save(
      () => (id ? contentWrites.updateAnnouncement(checked) : contentWrites.addAnnouncement(checked)),
      () => void navigate(LIST_PATH),
    );
  };

  return (
    <div className="content-admin content-admin-page" data-testid="announcement-editor">
      <Typography.Title level={3}>{id ? t('content.admin.announcements.editTitle') : t('content.admin.announcements.addTitle')}</Typography.Title>
      <Form form={form} layout="vertical" onValuesChange={clearErrorsOnChange(form)} onFinish={() => void submit()}>
        <LocalizedFields html="content" rows={16} />
        <div className="content-admin-page__actions">
          <Button type="primary" htmlType="submit" loading={saving} data-testid="announcement-save">
            {id ? t('content.admin.save') : t('content.admin.publish')}
          </Button>
          <Button onClick={() => void navigate(LIST_PATH)}>{t('content.admin.cancel')}</Button>
        </div>
      </Form>
    </div>
  );
}
