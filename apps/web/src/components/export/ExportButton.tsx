import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Progress, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryValue } from '../../api/index.ts';
import { formatTime } from '../../pages/wallet/format.ts';
import { applyForDownload, downloadFile, downloadStatus, saveBlob, type ExportFormat, type ExportScope } from './exportApi.ts';
import './export.css';

/**
 * Export of a list as shown (its filters): pick CSV or Excel, apply, follow the file being
 * built, then download it with its progress. Once every ten minutes per list (the server's
 * 2005 is shown by the API client with the next allowed time here).
 */
export function ExportButton({ scope, list, filters, testId = `export-${list}` }: { scope: ExportScope; list: string; filters: Record<string, QueryValue>; testId?: string }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [jobId, setJobId] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const [nextAllowed, setNextAllowed] = useState<number | null>(null);
  const [received, setReceived] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const job = useQuery({
    queryKey: ['export', scope, jobId],
    queryFn: () => downloadStatus(scope, jobId ?? ''),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 1000 : false),
  });

  const apply = async () => {
    setApplying(true);
    setFailed(false);
    setReceived(null);
    try {
      const answer = await applyForDownload(scope, list, format, filters);
      if ('code' in answer && answer.code === 200) {
        setJobId(answer.data.id);
        setNextAllowed(answer.data.next_allowed_at);
      } else if ('code' in answer && answer.code === 2005) {
        const data = answer.data as { next_allowed_at?: number } | null;
        if (data?.next_allowed_at) setNextAllowed(data.next_allowed_at);
      }
    } catch {
      // A transport failure: the API client has already shown it.
    } finally {
      setApplying(false);
    }
  };

  const download = async () => {
    if (!jobId) return;
    setReceived(0);
    try {
      const file = await downloadFile(scope, jobId, setReceived);
      saveBlob(file.blob, file.name);
    } catch {
      setFailed(true);
      setReceived(null);
    }
  };

  const status = jobId === null ? null : (job.data?.status ?? 'pending');
  return (
    <div className="list-export" data-testid={testId}>
      <Space.Compact>
        <Select<ExportFormat>
          value={format}
          onChange={setFormat}
          aria-label={t('exports.format')}
          data-testid={`${testId}-format`}
          options={[
            { value: 'xlsx', label: t('exports.xlsx') },
            { value: 'csv', label: t('exports.csv') },
          ]}
        />
        <Button icon={<DownloadOutlined />} onClick={() => void apply()} loading={applying || status === 'pending'} data-testid={`${testId}-apply`}>
          {t('exports.export')}
        </Button>
      </Space.Compact>
      {status === 'pending' ? (
        <div className="list-export__state" data-testid={`${testId}-building`}>
          <Typography.Text type="secondary">{t('exports.building')}</Typography.Text>
          <Progress percent={job.data?.progress ?? 0} size="small" />
        </div>
      ) : null}
      {status === 'ready' && job.data ? (
        <div className="list-export__state" data-testid={`${testId}-ready`} data-rows={job.data.rows}>
          <Typography.Text>{t('exports.ready', { rows: job.data.rows })}</Typography.Text>
          <Button type="primary" size="small" onClick={() => void download()} disabled={received !== null && received < 100} data-testid={`${testId}-download`}>
            {t('exports.download')}
          </Button>
          {received !== null ? <Progress percent={received} size="small" data-testid={`${testId}-received`} /> : null}
          {job.data.expires_at ? <Typography.Text type="secondary">{t('exports.expires', { time: formatTime(job.data.expires_at) })}</Typography.Text> : null}
        </div>
      ) : null}
      {status === 'failed' || status === 'expired' || failed ? (
        <Alert type="error" showIcon className="list-export__state" title={status === 'expired' ? t('exports.expired') : t('exports.failed')} data-testid={`${testId}-failed`} />
      ) : null}
      {nextAllowed && status !== 'pending' ? (
        <Typography.Text type="secondary" className="list-export__next" data-testid={`${testId}-next`}>
          {t('exports.next', { time: formatTime(nextAllowed) })}
        </Typography.Text>
      ) : null}
    </div>
  );
}
