import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Popconfirm, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { poolsQuery } from '../../api/queries.ts';
import { useIsMobile } from '../../app/hooks/useIsMobile.ts';
import { dataOf } from '../../api/index.ts';
import { formatTime } from '../wallet/format.ts';
import { PagedTable, PoolFilter, usePagedList, UserCell } from '../poolAdmin/adminList.tsx';
import { LIST_ENDPOINTS, poolAdminKeys } from '../poolAdmin/poolAdminApi.ts';
import { issueProxyKey, revokeProxyKey, type ProxyKey } from './verificationApi.ts';
import '../poolAdmin/poolAdmin.css';
import { poolName } from '../../i18n/poolName.ts';

/**
 * /admin/proxy_keys (issue 18): keys the operator issues to the proxies it runs on trusted-proxy
 * pools — issued here (shown once), listed, revoked; the server audits each.
 */
export function ProxyKeysPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = usePagedList(LIST_ENDPOINTS.proxyKeys, { pool: '' });
  const registry = useQuery(poolsQuery);
  const trusted = (registry.data ?? []).filter((p) => p.protocol === 'trusted-proxy');
  const [form] = Form.useForm<{ pool: string; uid: string; label: string }>();
  // At phone width the form's fields stack (inline, the labelled fields ran past a 390 px screen in ru).
  const mobile = useIsMobile();
  const [issued, setIssued] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: poolAdminKeys.all });

  const issue = async (values: { pool: string; uid: string; label?: string }) => {
    const key = dataOf(await issueProxyKey({ pool: values.pool, uid: values.uid, label: values.label ?? '' }))?.key;
    if (key) {
      setIssued(key);
      form.resetFields(['uid', 'label']);
      await refresh();
    }
  };
  const revoke = async (id: string) => {
    await revokeProxyKey(id);
    await refresh();
  };

  const columns: TableColumnsType<ProxyKey> = [
    { key: 'user', title: t('poolAdmin.col.user'), render: (_, r) => <UserCell uid={r.uid} email={r.email} /> },
    { key: 'pool', title: t('poolAdmin.col.pool'), dataIndex: 'pool' },
    { key: 'label', title: t('verification.keys.label'), dataIndex: 'label' },
    { key: 'hint', title: t('verification.keys.hint'), render: (_, r) => <code>{r.hint}…</code> },
    { key: 'by', title: t('verification.keys.issuedBy'), render: (_, r) => r.issued_by ?? 'cli' },
    { key: 'created', title: t('verification.keys.created'), render: (_, r) => <span className="pool-admin-nowrap">{formatTime(r.created_at)}</span> },
    {
      key: 'state',
      title: t('verification.keys.state'),
      fixed: 'right',
      render: (_, r) =>
        r.revoked_at ? (
          <Tag>{t('verification.keys.revoked')}</Tag>
        ) : (
          <span>
            <Tag color="green">{t('verification.keys.active')}</Tag>
            <Popconfirm title={t('verification.keys.revokeConfirm')} onConfirm={() => revoke(r.id)}>
              <Button size="small" danger data-testid={`proxy-key-revoke-${r.id}`}>
                {t('verification.keys.revoke')}
              </Button>
            </Popconfirm>
          </span>
        ),
    },
  ];
  return (
    <div className="pool-admin-page" data-testid="proxy-keys-page">
      <Typography.Title level={3}>{t('verification.keys.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('verification.keys.intro')}</Typography.Paragraph>
      <Form form={form} layout={mobile ? 'vertical' : 'inline'} onFinish={issue} data-testid="proxy-key-form">
        <Form.Item name="pool" label={t('poolAdmin.col.pool')} rules={[{ required: true }]}>
          <Select style={{ minWidth: 140 }} options={trusted.map((p) => ({ value: p.type, label: poolName(t, p.type, p.name) }))} data-testid="proxy-key-pool" />
        </Form.Item>
        <Form.Item name="uid" label={t('verification.keys.uid')} rules={[{ required: true }]}>
          <Input data-testid="proxy-key-uid" />
        </Form.Item>
        <Form.Item name="label" label={t('verification.keys.label')}>
          <Input maxLength={64} data-testid="proxy-key-label" />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="proxy-key-issue">
          {t('verification.keys.issue')}
        </Button>
      </Form>
      {issued ? (
        <Alert
          type="success"
          showIcon
          className="pool-admin-toolbar"
          title={t('verification.keys.issued')}
          description={
            <Typography.Text copyable code data-testid="proxy-key-issued">
              {issued}
            </Typography.Text>
          }
        />
      ) : null}
      <div className="pool-admin-toolbar">
        <PoolFilter value={list.filters.pool} onChange={list.filter('pool')} testId="proxy-keys-filter-pool" />
      </div>
      <PagedTable list={list} testId="proxy-keys-table" rowTestId="proxy-key-row" rowKey={(r) => r.id} columns={columns} />
    </div>
  );
}
