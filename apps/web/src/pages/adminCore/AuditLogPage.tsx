import type { AuditEntry } from '@platter/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../wallet/format.ts';
import { adminCoreKeys, fetchAuditActions, fetchAuditLog, PAGE_SIZE } from './adminCoreApi.ts';
import { ResponsiveTable, type Column } from './ResponsiveTable.tsx';
import { AdminOnly, UserCell } from './staff.tsx';
import './adminCore.css';

/** /admin/audit_log: every back-office action, newest first; admins read it, nobody edits it. */
export function AuditLogPage() {
  const { t } = useTranslation();
  return (
    <div className="admin-core-page" data-testid="admin-audit-page">
      <Typography.Title level={3}>{t('adminCore.audit.title')}</Typography.Title>
      <AdminOnly>
        <AuditLog />
      </AdminOnly>
    </div>
  );
}

/** A value before or after, compact: `{"status":"active"}` → status: active. */
function Change({ value, testId }: { value: unknown; testId: string }) {
  if (value === null || value === undefined) return <span>—</span>;
  const text =
    typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value as Record<string, unknown>)
          .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
          .join('\n')
      : JSON.stringify(value);
  return (
    <pre className="admin-core-change" data-testid={testId}>
      {text}
    </pre>
  );
}

type Filters = { admin: string; action: string; target: string; from: string; to: string };

function AuditLog() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({ admin: '', action: '', target: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const query = { ...filters, page, count: PAGE_SIZE };
  const log = useQuery({ queryKey: adminCoreKeys.audit(query), queryFn: () => fetchAuditLog(query), placeholderData: keepPreviousData });
  const actions = useQuery({ queryKey: adminCoreKeys.auditActions, queryFn: fetchAuditActions });
  const filter = (name: keyof Filters) => (value: string | undefined) => {
    setFilters((old) => ({ ...old, [name]: (value ?? '').trim() }));
    setPage(1);
  };

  const columns: Column<AuditEntry>[] = [
    { key: 'time', title: t('adminCore.audit.time'), render: (e) => <span className="admin-core-nowrap">{formatTime(e.time)}</span> },
    {
      key: 'admin',
      title: t('adminCore.audit.admin'),
      render: (e) => (e.actor === 'cli' ? <span data-testid={`audit-cli-${e.id}`}>{t('adminCore.audit.cli')}</span> : <UserCell uid={e.admin_uid} email={e.admin_email} />),
    },
    { key: 'action', title: t('adminCore.audit.action'), render: (e) => <span data-testid={`audit-action-${e.id}`}>{e.action}</span> },
    { key: 'target', title: t('adminCore.audit.target'), render: (e) => <span data-testid={`audit-target-${e.id}`}>{e.target || '—'}</span> },
    { key: 'before', title: t('adminCore.audit.before'), render: (e) => <Change value={e.before} testId={`audit-before-${e.id}`} /> },
    { key: 'after', title: t('adminCore.audit.after'), render: (e) => <Change value={e.after} testId={`audit-after-${e.id}`} /> },
    {
      key: 'detail',
      title: t('adminCore.audit.detail'),
      render: (e) => <Change value={e.detail && Object.keys(e.detail).length > 0 ? e.detail : null} testId={`audit-detail-${e.id}`} />,
    },
    { key: 'ip', title: t('adminCore.audit.ip'), render: (e) => e.ip || '—' },
  ];

  return (
    <>
      <Typography.Text type="secondary" className="admin-core-hint">
        {t('adminCore.audit.intro')}
      </Typography.Text>
      <div className="admin-core-toolbar">
        <Input.Search
          allowClear
          className="admin-core-filter admin-core-filter--text"
          placeholder={t('adminCore.audit.adminFilter')}
          aria-label={t('adminCore.audit.adminFilter')}
          onSearch={filter('admin')}
          maxLength={254}
          data-testid="audit-filter-admin"
        />
        <Select
          value={filters.action}
          onChange={filter('action')}
          className="admin-core-filter"
          showSearch
          popupMatchSelectWidth={false}
          aria-label={t('adminCore.audit.action')}
          loading={actions.isPending}
          data-testid="audit-filter-action"
          options={[
            { value: '', label: t('adminCore.audit.allActions') },
            ...(actions.data ?? []).map((a) => ({ value: a, label: <span data-testid={`audit-filter-action-option-${a}`}>{a}</span> })),
          ]}
        />
        <Input.Search
          allowClear
          className="admin-core-filter admin-core-filter--text"
          placeholder={t('adminCore.audit.targetFilter')}
          aria-label={t('adminCore.audit.targetFilter')}
          onSearch={filter('target')}
          maxLength={128}
          data-testid="audit-filter-target"
        />
        <Input
          type="date"
          className="admin-core-filter admin-core-filter--date"
          aria-label={t('adminCore.audit.from')}
          value={filters.from}
          onChange={(e) => filter('from')(e.target.value)}
          data-testid="audit-filter-from"
          prefix={<span className="admin-core-muted">{t('adminCore.audit.from')}</span>}
        />
        <Input
          type="date"
          className="admin-core-filter admin-core-filter--date"
          aria-label={t('adminCore.audit.to')}
          value={filters.to}
          onChange={(e) => filter('to')(e.target.value)}
          data-testid="audit-filter-to"
          prefix={<span className="admin-core-muted">{t('adminCore.audit.to')}</span>}
        />
      </div>
      <ResponsiveTable
        testId="audit-table"
        rowTestId="audit-row"
        rowKey={(e) => e.id}
        rows={log.data?.list}
        loading={log.isFetching}
        failed={log.isError}
        columns={columns}
        cardTitle={(e) => `${e.action} · ${formatTime(e.time)}`}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: log.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </>
  );
}
