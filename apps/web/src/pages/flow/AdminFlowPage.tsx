import { ASSET_LOG_KINDS, USER_BUCKETS, type AssetLogItem } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { coinsQuery } from '../../api/queries.ts';
import { ExportButton } from '../../components/export/ExportButton.tsx';
import { CoinFilter, FilterSelect, PagedTable, TextFilter, UserCell, usePagedList } from '../poolAdmin/adminList.tsx';
import { LIST_ENDPOINTS } from '../poolAdmin/poolAdminApi.ts';
import { formatTime } from '../wallet/format.ts';
import '../poolAdmin/poolAdmin.css';
import { Amount } from '../../components/Amount.tsx';

type FlowRow = AssetLogItem & { uid: string; email: string };

/** /admin/flow: every user's balance changes, newest first, by uid, coin and type; exportable as shown. */
export function AdminFlowPage() {
  const { t } = useTranslation();
  const coins = useQuery(coinsQuery);
  const list = usePagedList(LIST_ENDPOINTS.flow, { uid: '', coin: '', kind: '' });
  const { filters, filter } = list;
  const unitOf = (coin: string) => coins.data?.find((c) => c.type === coin)?.unit ?? coin;
  const kindLabel = (kind: string) => ((ASSET_LOG_KINDS as readonly string[]).includes(kind) ? t(`wallet.kind.${kind}`) : kind);
  const bucketLabel = (bucket: string) => ((USER_BUCKETS as readonly string[]).includes(bucket) ? t(`wallet.bucket.${bucket}`) : bucket);
  const columns: TableColumnsType<FlowRow> = [
    { key: 'time', title: t('wallet.bill.time'), render: (_, r) => <span className="pool-admin-nowrap">{formatTime(r.created_at)}</span> },
    { key: 'user', title: t('poolAdmin.col.user'), render: (_, r) => <UserCell uid={r.uid} email={r.email} /> },
    { key: 'coin', title: t('poolAdmin.col.coin'), render: (_, r) => unitOf(r.coin) },
    { key: 'kind', title: t('wallet.bill.kind'), render: (_, r) => kindLabel(r.kind) },
    { key: 'bucket', title: t('wallet.bill.bucket'), render: (_, r) => bucketLabel(r.bucket) },
    {
      key: 'amount',
      title: t('wallet.bill.amount'),
      align: 'right',
      render: (_, r) => (
        <Typography.Text type={r.amount.startsWith('-') ? 'danger' : 'success'}>
          <Amount className="pool-admin-amount" value={r.amount} coin={r.coin} unit={false} signed testId={`flow-amount-${r.id}`} />
        </Typography.Text>
      ),
    },
    { key: 'memo', title: t('wallet.bill.memo'), render: (_, r) => r.memo || '—' },
  ];
  return (
    <div className="pool-admin-page" data-testid="flow-page">
      <Typography.Title level={3}>{t('admin.page.flow')}</Typography.Title>
      <div className="pool-admin-toolbar">
        <TextFilter onSearch={filter('uid')} placeholder={t('poolAdmin.filter.uid')} testId="flow-filter-uid" />
        <CoinFilter value={filters.coin} onChange={filter('coin')} testId="flow-filter-coin" />
        <FilterSelect
          value={filters.kind}
          onChange={filter('kind')}
          testId="flow-filter-kind"
          label={t('wallet.bill.kind')}
          all={t('wallet.bill.allKinds')}
          options={ASSET_LOG_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
        />
        <ExportButton scope="admin" list="flow" filters={filters} />
      </div>
      <PagedTable list={list} testId="flow-table" rowTestId="flow-row" rowKey={(r) => r.id} columns={columns} />
    </div>
  );
}
