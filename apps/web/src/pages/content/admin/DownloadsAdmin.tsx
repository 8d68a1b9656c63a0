import { addDownloadBody, DOWNLOAD_KINDS, updateDownloadBody, type DownloadAdmin, type DownloadKind } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { coinsQuery } from '../../../api/queries.ts';
import { contentWrites, fetchAdminDownloads } from './adminContentApi.ts';
import { ContentAdminList } from './AdminList.tsx';
import { checkWithSchema, EMPTY_TEXT, LanguageTags, LocalizedFields } from './editor.tsx';

interface DownloadForm {
  kind: DownloadKind;
  coin: string;
  url: string;
  version: string;
  sort: number | null;
  name: { en: string; zh: string; ru: string };
  description: { en: string; zh: string; ru: string };
}

/** /admin/download_list: the download centre's links: the app, and each coin's tools. */
export function DownloadsAdminPage() {
  const { t } = useTranslation();
  const coins = useQuery(coinsQuery);
  const submit = (form: FormInstance, values: DownloadForm, row: DownloadAdmin | null) => {
    const body = { ...(row ? { id: row.id } : {}), ...values, coin: values.kind === 'app' ? '' : (values.coin ?? ''), sort: values.sort ?? 0 };
    const checked = checkWithSchema(form, row ? updateDownloadBody : addDownloadBody, body, t('content.admin.required'));
    if (!checked) return null;
    return row ? () => contentWrites.updateDownload(checked) : () => contentWrites.addDownload(checked);
  };
  return (
    <ContentAdminList<DownloadAdmin, DownloadForm>
      title={t('content.admin.downloads.title')}
      testId="download-admin"
      queryKey={['downloads']}
      fetchPage={fetchAdminDownloads}
      toForm={(row) => ({
        kind: row?.kind ?? 'app',
        coin: row?.coin ?? '',
        url: row?.url ?? '',
        version: row?.version ?? '',
        sort: row?.sort ?? 0,
        name: row?.name ?? { ...EMPTY_TEXT },
        description: row?.description ?? { ...EMPTY_TEXT },
      })}
      submit={submit}
      dialogTitles={[t('content.admin.downloads.addTitle'), t('content.admin.downloads.editTitle')]}
      remove={(row) => contentWrites.removeDownload(row.id)}
      columns={[
        { key: 'name', title: t('content.admin.field.name'), render: (_, d) => d.name.en },
        {
          key: 'kind',
          title: t('content.admin.downloads.kind'),
          render: (_, d) => (d.kind === 'app' ? t('content.download.app') : t('content.download.toolsOf', { coin: d.coin })),
        },
        { key: 'version', title: t('content.admin.downloads.version'), render: (_, d) => d.version || '—' },
        { key: 'langs', title: t('content.admin.languages'), render: (_, d) => <LanguageTags text={d.name} /> },
        { key: 'url', title: t('content.admin.downloads.url'), render: (_, d) => <span className="content-url">{d.url}</span> },
      ]}
      fields={
        <>
          <div className="content-admin__toolbar">
            <Form.Item name="kind" label={t('content.admin.downloads.kind')}>
              <Select style={{ minWidth: 140 }} options={DOWNLOAD_KINDS.map((value) => ({ value, label: t(`content.admin.downloads.${value}`) }))} data-testid="download-kind" />
            </Form.Item>
            <Form.Item noStyle shouldUpdate={(a: DownloadForm, b: DownloadForm) => a.kind !== b.kind}>
              {({ getFieldValue }) =>
                getFieldValue('kind') === 'tool' ? (
                  <Form.Item name="coin" label={t('content.admin.downloads.coin')} required>
                    <Select style={{ minWidth: 140 }} options={(coins.data ?? []).map((c) => ({ value: c.type, label: c.type }))} data-testid="download-coin" />
                  </Form.Item>
                ) : null
              }
            </Form.Item>
            <Form.Item name="version" label={t('content.admin.downloads.version')}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="sort" label={t('content.admin.field.sort')}>
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </div>
          <Form.Item name="url" label={t('content.admin.downloads.url')} required>
            <Input data-testid="download-url" placeholder="https://…" />
          </Form.Item>
          <LocalizedFields title="name" note="description" />
        </>
      }
    />
  );
}
