import { SearchOutlined } from '@ant-design/icons';
import type { AddressResult } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAddressQuery } from '../../app/header/AddressQuery.tsx';
import { DataTable, type DataColumn } from '../statistics/DataTable.tsx';
import { formatBytes, formatPower, usePowerRules, type PowerRule } from '../statistics/format.ts';
import { FigureTiles } from '../statistics/PoolFigures.tsx';
import { fetchAddressResult, LIVE_REFRESH_MS, poolPublicKeys } from '../statistics/poolApi.ts';
import { formatTime } from '../wallet/format.ts';
import '../statistics/statistics.css';
import { Amount } from '../../components/Amount.tsx';

type AddressMiner = AddressResult['miners'][number];
type AddressIncome = AddressResult['income'][number];

/**
 * /mypools/{currency}/{address} (spec doc 2 §2): the account-free address query. The farmer
 * paid to that address in the pool's coin: their capacity, online and offline miners, each
 * miner, and the last settled days; or a clear 'no farmer found'. `address-result` carries
 * `data-state` (loading, found, unknown, failed).
 */
export function AddressResultPage() {
  const { t } = useTranslation();
  const { currency = '', address = '' } = useParams();
  const pool = currency.toLowerCase();
  const openAddressQuery = useAddressQuery();
  const ruleOf = usePowerRules();
  const result = useQuery({
    queryKey: poolPublicKeys.address(pool, address),
    queryFn: () => fetchAddressResult(pool, address),
    refetchInterval: LIVE_REFRESH_MS,
  });
  const state = result.isPending ? 'loading' : result.isError ? 'failed' : result.data ? 'found' : 'unknown';
  const again = (
    <Button icon={<SearchOutlined />} onClick={openAddressQuery} data-testid="address-result-again">
      {t('poolPublic.address.again')}
    </Button>
  );

  return (
    <div className="page" data-testid="address-result" data-state={state}>
      <div className="address-page__head">
        <h1 className="page__title">{t('poolPublic.address.title', { currency: currency.toUpperCase() })}</h1>
        <p className="address-page__address" data-testid="address-result-address">
          {address}
        </p>
      </div>
      {state === 'loading' ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {state === 'failed' ? (
        <Result
          status="warning"
          title={t('poolPublic.address.failed')}
          extra={<Button onClick={() => void result.refetch()}>{t('poolPublic.address.retry')}</Button>}
          data-testid="address-result-failed"
        />
      ) : null}
      {state === 'unknown' ? (
        <Result
          status="info"
          icon={<SearchOutlined />}
          title={t('poolPublic.address.notFound')}
          subTitle={t('poolPublic.address.notFoundText', { currency: currency.toUpperCase() })}
          extra={again}
          data-testid="address-result-unknown"
        />
      ) : null}
      {result.data ? <FarmerResult farmer={result.data} rule={ruleOf(result.data.coin)} /> : null}
    </div>
  );
}

function FarmerResult({ farmer, rule }: { farmer: AddressResult; rule: PowerRule }) {
  const { t } = useTranslation();
  const minerColumns: DataColumn<AddressMiner>[] = [
    { key: 'name', title: t('poolPublic.address.minerName'), headline: true, render: (miner) => <span className="pool-name">{miner.name}</span> },
    {
      key: 'state',
      title: t('poolPublic.address.state'),
      render: (miner) => (
        <Tag color={miner.online ? 'green' : 'default'} data-testid={`address-miner-state-${miner.name}`} data-online={miner.online}>
          {miner.online ? t('poolPublic.address.online') : t('poolPublic.address.offline')}
        </Tag>
      ),
    },
    {
      key: 'power',
      title: rule.hashrate ? t('poolPublic.figures.hashrate') : t('poolPublic.figures.capacity'),
      align: 'right',
      render: (miner) => (
        <span className="pool-number" data-testid={`address-miner-power-${miner.name}`}>
          {formatPower(miner, rule)}
        </span>
      ),
    },
    { key: 'seen', title: t('poolPublic.address.lastSeen'), render: (miner) => <span className="pool-number">{formatTime(miner.last_seen)}</span> },
  ];
  const incomeColumns: DataColumn<AddressIncome>[] = [
    { key: 'day', title: t('poolPublic.address.day'), headline: true, render: (row) => <span className="pool-number">{row.day}</span> },
    {
      key: 'amount',
      title: t('poolPublic.address.amount'),
      align: 'right',
      render: (row) => (
        <span className="pool-number" data-testid={`address-income-amount-${row.day}`}>
          <Amount value={row.amount} coin={farmer.unit} />
        </span>
      ),
    },
    {
      key: 'status',
      title: t('poolPublic.address.status'),
      render: (row) => <Tag color={row.status === 'SETTLEMENT' ? 'green' : 'orange'}>{t(`poolPublic.address.${row.status}`)}</Tag>,
    },
  ];
  const figures = [
    { key: 'capacity', label: t('poolPublic.address.capacity'), value: formatBytes(farmer.capacity, rule) },
    { key: 'online', label: t('poolPublic.address.onlineMiners'), value: String(farmer.online) },
    { key: 'offline', label: t('poolPublic.address.offlineMiners'), value: String(farmer.offline) },
  ];

  return (
    <>
      <FigureTiles figures={figures} testId="address-figures" />
      <section className="address-page__section">
        <DataTable
          title={t('poolPublic.address.miners')}
          rows={farmer.miners}
          columns={minerColumns}
          rowKey={(miner) => miner.name}
          testId="address-miners"
          rowTestId={(miner) => `address-miner-${miner.name}`}
          empty={t('poolPublic.address.minersEmpty')}
        />
      </section>
      <section className="address-page__section">
        <DataTable
          title={t('poolPublic.address.income')}
          rows={farmer.income}
          columns={incomeColumns}
          rowKey={(row) => row.day}
          testId="address-income"
          rowTestId={(row) => `address-income-${row.day}`}
          empty={t('poolPublic.address.incomeEmpty')}
        />
      </section>
    </>
  );
}
