import type { AssetEntry, TotalAssets } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Grid, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '../../components/Amount.tsx';
import { CoinIcon } from '../../components/CoinIcon.tsx';
import { DepositDialog } from './DepositDialog.tsx';
import { TransferDialog } from './TransferDialog.tsx';
import { WithdrawalList } from './WithdrawalList.tsx';
import { WithdrawDialog } from './WithdrawDialog.tsx';
import { currencyOf, fetchMiningIncome, fetchTotalAssets, walletKeys, type MiningIncome } from './walletApi.ts';
import './wallet.css';
import { ExportButton } from '../../components/export/ExportButton.tsx';
import { MortgageSection } from '../mortgage/MortgageSection.tsx';

const FIGURES = ['available', 'withdrawing', 'frozen', 'mortgage', 'pending_earnings', 'finance', 'total', 'total_earnings'] as const;

type Dialog = { kind: 'deposit' | 'withdraw' | 'transfer'; coin: string } | null;

/** True while the 24-hour withdrawal lock after a security change runs. */
export function withdrawLocked(assets: TotalAssets | undefined, nowMs = Date.now()): boolean {
  return assets?.withdraw_locked_until != null && assets.withdraw_locked_until * 1000 > nowMs;
}

/** A coin's income of the last 24 hours, or a dash before it has loaded. */
function IncomeFigure({ value, coin }: { value: string | undefined; coin: string }) {
  return value === undefined ? (
    <span className="wallet-amount" data-testid={`assets-income24h-${coin}`}>
      —
    </span>
  ) : (
    <Amount className="wallet-amount" value={value} coin={coin} unit={false} testId={`assets-income24h-${coin}`} />
  );
}

/**
 * The assets page (/assets and /center/assets, spec doc 1 §3 'Asset'): every coin's figures
 * with deposit and withdraw actions, and the user's withdrawals below.
 */
export function AssetsPage() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const assets = useQuery({ queryKey: walletKeys.assets, queryFn: fetchTotalAssets, refetchInterval: 10_000 });
  const income = useQuery({ queryKey: walletKeys.miningIncome, queryFn: fetchMiningIncome, refetchInterval: 60_000 });
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = assets.data?.list ?? [];
  const incomeOf = (coin: string): MiningIncome[number] | undefined => income.data?.find((i) => i.type === coin);
  const currency = dialog ? currencyOf(assets.data, dialog.coin) : undefined;
  const entry = dialog ? list.find((a) => a.type === dialog.coin) : undefined;

  // The coin, with a tag linking to its Auto Pay setting while Auto Pay is on.
  const coinCell = (asset: AssetEntry) => (
    <span className="wallet-coin">
      <CoinIcon src={asset.icon} size={22} />
      <span>{asset.unit}</span>
      {incomeOf(asset.type)?.auto_pay ? (
        <Link to="/center/address#autopay" data-testid={`assets-autopay-${asset.type}`}>
          <Tag color="green">{t('wallet.autopay.title')}</Tag>
        </Link>
      ) : null}
    </span>
  );

  const actions = (asset: AssetEntry) => {
    const rules = currencyOf(assets.data, asset.type);
    return (
      <Space wrap size="small">
        <Button size="small" type="primary" disabled={rules?.closed} onClick={() => setDialog({ kind: 'deposit', coin: asset.type })} data-testid={`assets-deposit-${asset.type}`}>
          {t('wallet.assets.deposit')}
        </Button>
        <Button size="small" disabled={rules?.closed} onClick={() => setDialog({ kind: 'withdraw', coin: asset.type })} data-testid={`assets-withdraw-${asset.type}`}>
          {t('wallet.assets.withdraw')}
        </Button>
        <Button size="small" disabled={rules?.closed} onClick={() => setDialog({ kind: 'transfer', coin: asset.type })} data-testid={`assets-transfer-${asset.type}`}>
          {t('wallet.transfer.action')}
        </Button>
      </Space>
    );
  };

  const columns: TableColumnsType<AssetEntry> = [
    {
      key: 'coin',
      title: t('wallet.assets.coin'),
      fixed: 'left',
      render: (_, asset) => coinCell(asset),
    },
    ...FIGURES.map((figure) => ({
      key: figure,
      title: t(`wallet.figure.${figure}`),
      align: 'right' as const,
      render: (_: unknown, asset: AssetEntry) => (
        <Amount className="wallet-amount" value={asset[figure]} coin={asset.type} unit={false} testId={`assets-${figure}-${asset.type}`} />
      ),
    })),
    {
      key: 'income24h',
      title: t('wallet.assets.income24h'),
      align: 'right' as const,
      render: (_: unknown, asset: AssetEntry) => <IncomeFigure value={incomeOf(asset.type)?.yesterday} coin={asset.type} />,
    },
    // Fixed to the right edge: Deposit, Withdraw and Transfer stay in view however wide the figures make the table.
    { key: 'actions', title: t('wallet.assets.actions'), fixed: 'right', render: (_, asset) => actions(asset) },
  ];

  return (
    <div className="page wallet-page" data-testid="assets-page">
      <div className="wallet-page__head">
        <Typography.Title level={2} className="page__title">
          {t('wallet.assets.title')}
        </Typography.Title>
        <Space wrap>
          <Link to="/center/address" data-testid="assets-address-book">
            {t('wallet.assets.addressBook')}
          </Link>
          <Link to="/center/bill" data-testid="assets-bill">
            {t('wallet.assets.bill')}
          </Link>
          <Link to={{ hash: 'mortgage' }} data-testid="assets-mortgage">
            {t('mortgage.title')}
          </Link>
          <ExportButton scope="pool" list="totalassets" filters={{}} />
        </Space>
      </div>
      {withdrawLocked(assets.data) ? <Alert type="warning" showIcon className="wallet-gap" title={t('wallet.withdraw.locked')} data-testid="assets-withdraw-locked" /> : null}
      {assets.isError ? <Alert type="error" showIcon className="wallet-gap" title={t('wallet.loadFailed')} /> : null}
      {screens.md === false ? (
        <div className="wallet-cards" data-testid="assets-cards">
          {list.map((asset) => (
            <Card key={asset.type} size="small" data-testid={`assets-row-${asset.type}`} title={coinCell(asset)} extra={actions(asset)}>
              <dl className="wallet-figures">
                {FIGURES.map((figure) => (
                  <div key={figure}>
                    <dt>{t(`wallet.figure.${figure}`)}</dt>
                    <dd>
                      <Amount className="wallet-amount" value={asset[figure]} coin={asset.type} unit={false} testId={`assets-${figure}-${asset.type}`} />
                    </dd>
                  </div>
                ))}
                <div>
                  <dt>{t('wallet.assets.income24h')}</dt>
                  <dd>
                    <IncomeFigure value={incomeOf(asset.type)?.yesterday} coin={asset.type} />
                  </dd>
                </div>
              </dl>
            </Card>
          ))}
        </div>
      ) : (
        <Table
          data-testid="assets-table"
          rowKey="type"
          size="middle"
          loading={assets.isPending}
          columns={columns}
          dataSource={list}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(asset) => ({ 'data-testid': `assets-row-${asset.type}` }) as HTMLAttributes<HTMLElement>}
        />
      )}
      <MortgageSection />
      <WithdrawalList />
      {dialog?.kind === 'deposit' && currency ? <DepositDialog currency={currency} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'transfer' && currency && entry ? (
        <TransferDialog
          currency={currency}
          available={entry.available}
          locked={withdrawLocked(assets.data)}
          onClose={() => setDialog(null)}
          onDone={(text) => void message.success({ content: <span data-testid="transfer-done">{text}</span> })}
        />
      ) : null}
      {dialog?.kind === 'withdraw' && currency && entry ? (
        <WithdrawDialog currency={currency} available={entry.available} locked={withdrawLocked(assets.data)} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
