import {
  errorMessageByName,
  isErrorName,
  LANGS,
  MESSAGE_TYPES,
  NOTICE_CONTENT_MAX,
  NOTICE_TITLE_MAX,
  sendNotificationBody,
  sendNotificationIdsBody,
  type Lang,
  type MessageType,
} from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Grid, Input, Modal, Pagination, Progress, Radio, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { currentLang } from '../../api/index.ts';
import { formatDateTime } from '../../lib/time.ts';
import { inmailKeys, type SentNotification } from './inmailApi.ts';
import { fetchNotices, sendNotification, sendNotificationIds } from './noticeApi.ts';
import './inmail.css';

type Target = 'all' | 'ids';
interface Values {
  target: Target;
  ids: string;
  type: MessageType;
  title: Record<Lang, string>;
  content: Record<Lang, string>;
}

/** uids typed into the box: separated by commas, spaces or new lines. */
export function parseUids(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;，、]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Each broken rule on its field (`title.zh`): an empty field says it is required, any other
 * rule shows the catalogue's words in the interface language.
 */
function issuesOf(error: z.ZodError, values: unknown, requiredText: string): { name: (string | number)[]; errors: string[] }[] {
  const lang = currentLang();
  const seen = new Set<string>();
  const out: { name: (string | number)[]; errors: string[] }[] = [];
  for (const issue of error.issues) {
    // The uids are one text box; the titles and contents one box per language.
    const name = (issue.path[0] === 'ids' ? ['ids'] : issue.path.slice(0, 2)).map((p) => (typeof p === 'symbol' ? String(p) : p));
    const key = name.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    const value: unknown = name.reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string | number, unknown>)[part] : undefined), values);
    const empty = value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
    out.push({ name, errors: [empty ? requiredText : errorMessageByName(isErrorName(issue.message) ? issue.message : 'INVALID_PARAMETER', lang)] });
  }
  return out;
}

/**
 * /admin/send_notice (spec doc 2 §2, §7 'Admin'): a notification in English (zh and ru
 * optional: an empty one falls back to English, as announcements do) to every
 * user (SendNotification, a background job whose progress the list below shows) or to a list
 * of uids (SendNotificationIds). Checked with the server's schemas before it is sent.
 */
export function SendNoticePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const target = Form.useWatch('target', form) ?? 'ids';
  const [sending, setSending] = useState(false);

  const clearErrors = () => form.setFields(form.getFieldsError().map((field) => ({ name: field.name as never, errors: [] })));

  const send = async (values: Values) => {
    clearErrors();
    const common = { type: values.type, title: values.title, content: values.content };
    const ids = parseUids(values.ids ?? '');
    const body = values.target === 'all' ? common : { ...common, ids };
    const checked = values.target === 'all' ? sendNotificationBody.safeParse(body) : sendNotificationIdsBody.safeParse(body);
    if (!checked.success) {
      form.setFields(issuesOf(checked.error, body, t('inmail.admin.required')).map((f) => ({ ...f, name: f.name as never })));
      return;
    }
    if (values.target === 'all') {
      const confirmed = await new Promise<boolean>((resolve) =>
        Modal.confirm({
          title: t('inmail.admin.confirmAll'),
          content: t('inmail.admin.confirmAllText'),
          okText: t('inmail.admin.send'),
          cancelText: t('inmail.admin.cancel'),
          okButtonProps: { 'data-testid': 'notice-confirm-all' } as never,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        }),
      );
      if (!confirmed) return;
    }
    setSending(true);
    try {
      const answer = values.target === 'all' ? await sendNotification(common) : await sendNotificationIds({ ...common, ids });
      if ('code' in answer && answer.code === 200) {
        const data = answer.data as { total?: number; sent?: number };
        void message.success({
          content: (
            <span data-testid="notice-sent">
              {values.target === 'all' ? t('inmail.admin.started', { count: data.total ?? 0 }) : t('inmail.admin.sentTo', { count: data.sent ?? 0 })}
            </span>
          ),
        });
        const empty = { en: '', zh: '', ru: '' };
        form.setFieldsValue({ ids: '', title: empty, content: empty });
      }
    } catch {
      // A transport failure: the API client has already shown it.
    } finally {
      setSending(false);
      await queryClient.invalidateQueries({ queryKey: ['inmailAdmin'] });
    }
  };

  return (
    <div className="notice-admin" data-testid="send-notice-page">
      <Typography.Title level={3}>{t('inmail.admin.title')}</Typography.Title>
      <Card>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ target: 'ids', type: 'system', ids: '' }}
          onFinish={(values) => void send(values)}
          requiredMark={false}
          data-testid="notice-form"
        >
          <Form.Item name="target" label={t('inmail.admin.target')}>
            <Radio.Group
              options={[
                { value: 'ids', label: <span data-testid="notice-target-ids">{t('inmail.admin.toIds')}</span> },
                { value: 'all', label: <span data-testid="notice-target-all">{t('inmail.admin.toAll')}</span> },
              ]}
            />
          </Form.Item>
          {target === 'ids' ? (
            <Form.Item name="ids" label={t('inmail.admin.ids')} extra={t('inmail.admin.idsHint')}>
              <Input.TextArea rows={2} placeholder="10000001, 10000002" data-testid="notice-ids" />
            </Form.Item>
          ) : null}
          <Form.Item name="type" label={t('inmail.admin.type')}>
            <Select className="notice-admin__type" options={MESSAGE_TYPES.map((type) => ({ value: type, label: t(`inmail.type.${type}`) }))} data-testid="notice-type" />
          </Form.Item>
          {LANGS.map((lang) => (
            <fieldset key={lang} className="notice-admin__lang" data-testid={`notice-lang-${lang}`}>
              <Typography.Text strong>{t(`inmail.admin.lang.${lang}`)}</Typography.Text>
              {lang === 'en' ? null : (
                <Typography.Paragraph type="secondary" className="notice-admin__optional" data-testid={`notice-optional-${lang}`}>
                  {t('accountSecurity.noticeLangOptional')}
                </Typography.Paragraph>
              )}
              <Form.Item name={['title', lang]} label={t('inmail.admin.titleField')}>
                <Input maxLength={NOTICE_TITLE_MAX} showCount data-testid={`notice-title-${lang}`} />
              </Form.Item>
              <Form.Item name={['content', lang]} label={t('inmail.admin.content')} extra={t('inmail.admin.contentHint')}>
                <Input.TextArea rows={4} maxLength={NOTICE_CONTENT_MAX} data-testid={`notice-content-${lang}`} />
              </Form.Item>
            </fieldset>
          ))}
          <Button type="primary" htmlType="submit" loading={sending} data-testid="notice-send">
            {t('inmail.admin.send')}
          </Button>
        </Form>
      </Card>
      <NoticeList />
    </div>
  );
}

function NoticeProgress({ notice }: { notice: SentNotification }) {
  const percent = notice.total === 0 ? 100 : Math.floor((notice.sent / notice.total) * 100);
  return (
    <div className="notice-admin__progress" data-testid={`notice-progress-${notice.id}`} data-sent={notice.sent} data-total={notice.total} data-status={notice.status}>
      <Progress percent={percent} size="small" status={notice.status === 'running' ? 'active' : 'success'} format={() => `${notice.sent} / ${notice.total}`} />
    </div>
  );
}

/** The notifications sent, with each job's progress; refreshed while one is still running. */
function NoticeList() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [page, setPage] = useState(1);
  const notices = useQuery({
    queryKey: inmailKeys.notices(page),
    queryFn: () => fetchNotices(page),
    refetchInterval: (query) => (query.state.data?.list.some((n) => n.status === 'running') ? 2000 : false),
  });
  const status = (n: SentNotification) => <Tag color={n.status === 'running' ? 'processing' : 'success'}>{t(`inmail.admin.status.${n.status}`)}</Tag>;
  const targetText = (n: SentNotification) => (n.target === 'all' ? t('inmail.admin.toAll') : t('inmail.admin.toIds'));
  const columns: TableColumnsType<SentNotification> = [
    { key: 'time', title: t('inmail.admin.time'), render: (_, n) => <span className="pool-admin-nowrap">{formatDateTime(n.created_at)}</span> },
    { key: 'title', title: t('inmail.admin.titleField'), render: (_, n) => n.title },
    { key: 'target', title: t('inmail.admin.target'), render: (_, n) => targetText(n) },
    { key: 'type', title: t('inmail.admin.type'), render: (_, n) => t(`inmail.type.${n.type}`) },
    { key: 'progress', title: t('inmail.admin.progress'), render: (_, n) => <NoticeProgress notice={n} /> },
    { key: 'status', title: t('inmail.admin.statusCol'), render: (_, n) => status(n) },
    { key: 'admin', title: t('inmail.admin.by'), render: (_, n) => n.admin },
  ];
  const rows = notices.data?.list ?? [];
  return (
    <Card title={t('inmail.admin.sentList')} data-testid="notice-list">
      {screens.lg === false ? (
        <div className="notice-admin__cards">
          {rows.length === 0 ? <Typography.Text type="secondary">{t('inmail.empty')}</Typography.Text> : null}
          {rows.map((n) => (
            <Card key={n.id} size="small" title={n.title} extra={status(n)} data-testid={`notice-row-${n.id}`}>
              <Typography.Text type="secondary">
                {formatDateTime(n.created_at)} · {targetText(n)} · {n.admin}
              </Typography.Text>
              <NoticeProgress notice={n} />
            </Card>
          ))}
          <Pagination current={page} total={notices.data?.total ?? 0} pageSize={10} onChange={setPage} hideOnSinglePage size="small" />
        </div>
      ) : (
        <Table<SentNotification>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={notices.isPending}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('inmail.empty') }}
          onRow={(n) => ({ 'data-testid': `notice-row-${n.id}` }) as HTMLAttributes<HTMLElement>}
          pagination={{ current: page, pageSize: 10, total: notices.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
        />
      )}
    </Card>
  );
}
