import { ASSET_LOG_KINDS, EXPORT_FORMATS, USER_BUCKETS, type AssetLogItem, type AssetLogKind } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Grid, Pagination, Progress, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Amount } from '../../components/Amount.tsx';
import { formatTime } from './format.ts';
import { applyExport, downloadUrl, fetchBill, fetchExportStatus, fetchTotalAssets, walletKeys } from './walletApi.ts';
import './wallet.css';

const PAGE_SIZE = 20;
type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The bill (/center/bill and /center/flow/:coin?, spec doc 2 §7 GET /api/log/asset): every
 * change to the user's balances, filtered by coin and type, with paging and an export
 * (apply, follow its progress, download).
 */
export function BillPage() {
  const { t } = useTranslation();
  const { param } = useParams();
  const screens = Grid.useBreakpoint();
  const assets = useQuery({ queryKey: walletKeys.assets, queryFn: fetchTotalAssets });
  const currencies = assets.data?.currency ?? [];
  // /center/flow/<coin> opens on that coin once the registry confirms it is one.
  const [chosenCoin, setCoin] = useState<string | null>(null);
  const paramCoin = param?.toUpperCase() ?? '';
  const coin = chosenCoin ?? (currencies.some((c) => c.type === paramCoin) ? paramCoin : '');
  const [kind, setKind] = useState<AssetLogKind | ''>('');
  const [page, setPage] = useState(1);
  const query = { coin: coin || undefined, kind: kind || undefined, page, count: PAGE_SIZE };
  const bill = useQuery({ queryKey: walletKeys.bill(query), queryFn: () => fetchBill(query) });
  const unitOf = (type: string) => currencies.find((c) => c.type === type)?.unit ?? type;
  const kindLabel = (kind: string) => ((ASSET_LOG_KINDS as readonly string[]).includes(kind) ? t(`wallet.kind.${kind}`) : kind);
  // A transfer names the other user (masked e-mail or UID) on both sides.
  const kindText = (row: AssetLogItem) =>
    row.counterparty
      ? `${kindLabel(row.kind)} · ${t(row.amount.startsWith('-') ? 'wallet.bill.transferTo' : 'wallet.bill.transferFrom', { who: row.counterparty })}`
      : kindLabel(row.kind);
  // One transaction moves several balances (a withdrawal: available → withdrawing): each row names its own.
  const bucketLabel = (bucket: string) => ((USER_BUCKETS as readonly string[]).includes(bucket) ? t(`wallet.bucket.${bucket}`) : bucket);

  const columns: TableColumnsType<AssetLogItem> = [
    { key: 'time', title: t('wallet.bill.time'), render: (_, row) => formatTime(row.created_at) },
    { key: 'coin', title: t('wallet.assets.coin'), render: (_, row) => unitOf(row.coin) },
    {
      key: 'kind',
      title: t('wallet.bill.kind'),
      render: (_, row) => <span data-testid={`bill-kind-${row.id}`}>{kindText(row)}</span>,
    },
    { key: 'bucket', title: t('wallet.bill.bucket'), render: (_, row) => <span data-testid={`bill-bucket-${row.id}`}>{bucketLabel(row.bucket)}</span> },
    { key: 'amount', title: t('wallet.bill.amount'), align: 'right', render: (_, row) => <BillAmount row={row} /> },
    { key: 'memo', title: t('wallet.bill.memo'), render: (_, row) => row.memo || '—' },
  ];

  /** A new filter starts at the first page. */
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <div className="page wallet-page" data-testid="bill-page">
      <div className="wallet-page__head">
        <Typography.Title level={2} className="page__title">
          {t('wallet.bill.title')}
        </Typography.Title>
      </div>
      <div className="wallet-toolbar">
        <Select
          value={coin}
          onChange={filter(setCoin)}
          data-testid="bill-filter-coin"
          options={[{ value: '', label: t('wallet.allCoins') }, ...currencies.map((c) => ({ value: c.type, label: c.unit }))]}
        />
        <Select
          value={kind}
          onChange={filter(setKind)}
          data-testid="bill-filter-kind"
          popupMatchSelectWidth={false}
          options={[
            { value: '', label: t('wallet.bill.allKinds') },
            ...ASSET_LOG_KINDS.map((k) => ({ value: k, label: <span data-testid={`bill-kind-option-${k}`}>{t(`wallet.kind.${k}`)}</span> })),
          ]}
        />
        <BillExport coin={coin} />
      </div>
      {screens.md === false ? (
        <div className="wallet-bill-list" data-testid="bill-table">
          {(bill.data?.list ?? []).length === 0 ? <Typography.Text type="secondary">{t('wallet.noData')}</Typography.Text> : null}
          {(bill.data?.list ?? []).map((row) => (
            <div key={row.id} className="wallet-bill-item" data-testid={`bill-row-${row.id}`}>
              <div>
                <div data-testid={`bill-kind-${row.id}`}>{kindText(row)}</div>
                <Typography.Text type="secondary" className="wallet-small">
                  <span data-testid={`bill-bucket-${row.id}`}>{bucketLabel(row.bucket)}</span> · {formatTime(row.created_at)}
                </Typography.Text>
              </div>
              <div className="wallet-bill-item__amount">
                <BillAmount row={row} /> {unitOf(row.coin)}
              </div>
            </div>
          ))}
          <Pagination simple current={page} pageSize={PAGE_SIZE} total={bill.data?.total ?? 0} onChange={setPage} hideOnSinglePage />
        </div>
      ) : (
        <Table
          rowKey="id"
          size="middle"
          data-testid="bill-table"
          loading={bill.isPending}
          columns={columns}
          dataSource={bill.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('wallet.noData') }}
          onRow={(row) => ({ 'data-testid': `bill-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: bill.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        />
      )}
    </div>
  );
}

/** A signed change of the balance, green in and red out. */
function BillAmount({ row }: { row: AssetLogItem }) {
  const out = row.amount.startsWith('-');
  return (
    <Typography.Text type={out ? 'danger' : 'success'}>
      <Amount className="wallet-amount" value={row.amount} coin={row.coin} unit={false} signed testId={`bill-amount-${row.id}`} />
    </Typography.Text>
  );
}

/** Export of the bill: apply, poll the status with a progress bar, then the download link. */
function BillExport({ coin }: { coin: string }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [jobId, setJobId] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const job = useQuery({
    queryKey: ['wallet', 'export', jobId],
    queryFn: () => fetchExportStatus(jobId ?? ''),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 1000 : false),
  });

  const apply = async () => {
    setApplying(true);
    try {
      const answer = await applyExport('asset', format, coin || undefined);
      if ('code' in answer && answer.code === 200) setJobId(answer.data.id);
    } catch {
      // A transport failure: the API client has already shown it.
    } finally {
      setApplying(false);
    }
  };

  const status = jobId === null ? null : (job.data?.status ?? 'pending');
  return (
    <>
      <Space.Compact>
        <Select<ExportFormat> value={format} onChange={setFormat} data-testid="bill-export-format" options={EXPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))} />
        <Button onClick={() => void apply()} loading={applying || status === 'pending'} data-testid="bill-export">
          {t('wallet.bill.export')}
        </Button>
      </Space.Compact>
      {status === 'pending' ? (
        <div className="wallet-export" data-testid="bill-export-progress">
          <Typography.Text type="secondary">{t('wallet.bill.exporting')}</Typography.Text>
          <Progress percent={job.data?.progress ?? 0} size="small" />
        </div>
      ) : null}
      {status === 'ready' && jobId ? (
        <Alert
          type="success"
          showIcon
          className="wallet-export"
          title={t('wallet.bill.ready')}
          action={
            <a href={downloadUrl(jobId)} download data-testid="bill-export-download">
              {t('wallet.bill.download')}
            </a>
          }
        />
      ) : null}
      {status === 'failed' ? <Alert type="error" showIcon className="wallet-export" title={t('wallet.bill.exportFailed')} data-testid="bill-export-failed" /> : null}
    </>
  );
}
