import { addBannerBody, updateBannerBody, type BannerAdmin } from '@platter/domain';
import { Form, Input, InputNumber, Switch, Tag, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../shared.tsx';
import { contentWrites, fetchAdminBanners } from './adminContentApi.ts';
import { ContentAdminList } from './AdminList.tsx';
import { checkWithSchema, EMPTY_TEXT, LocalizedFields } from './editor.tsx';

interface BannerForm {
  title: { en: string; zh: string; ru: string };
  image_url: string;
  link_url: string;
  sort: number | null;
  active: boolean;
  /** datetime-local values (the browser's time zone), '' for none. */
  starts_at: string;
  ends_at: string;
}

const toSeconds = (value: string | undefined) => (value ? Math.floor(new Date(value).getTime() / 1000) : null);

/** Seconds since epoch as a datetime-local value in the browser's time zone. */
function toLocalInput(seconds: number | null | undefined): string {
  if (!seconds) return '';
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** /admin/banner_list: the home page's banners: picture URL, link, order, active window, caption per language. */
export function BannersAdminPage() {
  const { t } = useTranslation();
  const toForm = (row: BannerAdmin | null): BannerForm => ({
    title: row?.title ?? { ...EMPTY_TEXT },
    image_url: row?.image_url ?? '',
    link_url: row?.link_url ?? '',
    sort: row?.sort ?? 0,
    active: row?.active ?? true,
    starts_at: toLocalInput(row?.starts_at),
    ends_at: toLocalInput(row?.ends_at),
  });
  const submit = (form: FormInstance, values: BannerForm, row: BannerAdmin | null) => {
    const body = {
      ...(row ? { id: row.id } : {}),
      title: values.title,
      image_url: values.image_url ?? '',
      link_url: values.link_url ?? '',
      sort: values.sort ?? 0,
      active: values.active,
      starts_at: toSeconds(values.starts_at),
      ends_at: toSeconds(values.ends_at),
    };
    const checked = checkWithSchema(form, row ? updateBannerBody : addBannerBody, body, t('content.admin.required'));
    if (!checked) return null;
    return row ? () => contentWrites.updateBanner(checked) : () => contentWrites.addBanner(checked);
  };
  return (
    <ContentAdminList<BannerAdmin, BannerForm>
      title={t('content.admin.banners.title')}
      testId="banner-admin"
      queryKey={['banners']}
      fetchPage={fetchAdminBanners}
      toForm={toForm}
      submit={submit}
      dialogTitles={[t('content.admin.banners.addTitle'), t('content.admin.banners.editTitle')]}
      remove={(row) => contentWrites.removeBanner(row.id)}
      columns={[
        { key: 'image', title: t('content.admin.banners.picture'), render: (_, b) => <img className="content-thumb" src={b.image_url} alt="" /> },
        { key: 'title', title: t('content.admin.field.title'), render: (_, b) => b.title.en },
        { key: 'sort', title: t('content.admin.field.sort'), dataIndex: 'sort' },
        {
          key: 'state',
          title: t('content.admin.banners.state'),
          render: (_, b) => (
            <Tag color={b.showing ? 'green' : 'default'} data-testid={`banner-state-${b.id}`}>
              {b.showing ? t('content.admin.banners.showing') : b.active ? t('content.admin.banners.outside') : t('content.admin.banners.off')}
            </Tag>
          ),
        },
        {
          key: 'window',
          title: t('content.admin.banners.window'),
          render: (_, b) => `${b.starts_at ? formatDateTime(b.starts_at) : '—'} → ${b.ends_at ? formatDateTime(b.ends_at) : '—'}`,
        },
      ]}
      fields={
        <>
          <Form.Item name="image_url" label={t('content.admin.banners.image')} required extra={t('content.admin.banners.imageHint')}>
            <Input data-testid="banner-image" placeholder="https://… /banners/…" />
          </Form.Item>
          <Form.Item name="link_url" label={t('content.admin.banners.link')} extra={t('content.admin.banners.linkHint')}>
            <Input data-testid="banner-link" />
          </Form.Item>
          <div className="content-admin__toolbar">
            <Form.Item name="sort" label={t('content.admin.field.sort')}>
              <InputNumber min={0} max={9999} precision={0} data-testid="banner-sort" />
            </Form.Item>
            <Form.Item name="active" label={t('content.admin.banners.active')} valuePropName="checked">
              <Switch data-testid="banner-active" />
            </Form.Item>
            <Form.Item name="starts_at" label={t('content.admin.banners.from')}>
              <Input type="datetime-local" data-testid="banner-from" />
            </Form.Item>
            <Form.Item name="ends_at" label={t('content.admin.banners.until')}>
              <Input type="datetime-local" data-testid="banner-until" />
            </Form.Item>
          </div>
          <LocalizedFields />
        </>
      }
    />
  );
}
