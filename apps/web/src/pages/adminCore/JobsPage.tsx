import type { JobOverview } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchJobs, runJob, succeeded } from './adminCoreApi.ts';
import { ResponsiveTable, type Column } from './ResponsiveTable.tsx';
import { AdminOnly } from './staff.tsx';
import './adminCore.css';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '-');

/** /admin/jobs: each background job — last run, last error, next run, failures — with a run / retry button (admins only). */
export function JobsPage() {
  const { t } = useTranslation();
  return (
    <div className="admin-core-page" data-testid="admin-jobs-page">
      <Typography.Title level={3}>{t('adminCore.jobs.title')}</Typography.Title>
      <AdminOnly>
        <Jobs />
      </AdminOnly>
    </div>
  );
}

function Jobs() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const jobs = useQuery({ queryKey: ['adminCore', 'jobs'], queryFn: fetchJobs, refetchInterval: 5000 });
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (name: string) => {
    setBusy(name);
    try {
      if (succeeded(await runJob(name))) await queryClient.invalidateQueries({ queryKey: ['adminCore', 'jobs'] });
    } finally {
      setBusy(null);
    }
  };
  const columns: Column<JobOverview>[] = [
    { key: 'name', title: t('adminCore.jobs.name'), render: (j) => <Typography.Text code>{j.name}</Typography.Text> },
    { key: 'schedule', title: t('adminCore.jobs.schedule'), render: (j) => j.schedule || t('adminCore.jobs.byHand') },
    {
      key: 'last',
      title: t('adminCore.jobs.lastRun'),
      render: (j) => (
        <>
          {when(j.last_run_at)} {j.last_ok === null ? null : <Tag color={j.last_ok ? 'green' : 'red'}>{j.last_ok ? t('adminCore.jobs.ok') : t('adminCore.jobs.failed')}</Tag>}
        </>
      ),
    },
    { key: 'next', title: t('adminCore.jobs.nextRun'), render: (j) => when(j.next_run_at) },
    { key: 'failures', title: t('adminCore.jobs.failures'), align: 'right', render: (j) => (j.failures > 0 ? <Typography.Text type="danger">{j.failures}</Typography.Text> : 0) },
    {
      key: 'error',
      title: t('adminCore.jobs.lastError'),
      render: (j) => (j.last_error ? <Typography.Text type="secondary">{`${when(j.last_error_at)}: ${j.last_error}`}</Typography.Text> : '-'),
    },
    {
      key: 'actions',
      title: '',
      fixed: 'right',
      render: (j) => (
        <Button size="small" loading={busy === j.name} onClick={() => void run(j.name)} data-testid={`job-run-${j.name}`}>
          {j.last_ok === false ? t('adminCore.jobs.retry') : t('adminCore.jobs.run')}
        </Button>
      ),
    },
  ];
  return (
    <ResponsiveTable
      testId="jobs-list"
      rowTestId="job"
      rowKey={(j) => j.name}
      rows={jobs.data}
      loading={jobs.isPending}
      failed={jobs.isError}
      columns={columns}
      pagination={false}
    />
  );
}
