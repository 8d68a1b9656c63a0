import { addressValid, errorMessageByName, REMARK_MAX, MEMO_MAX, type CurrencyEntry, type SecurityCodes, type WithdrawAddress } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Grid, Input, Modal, Popconfirm, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { currentLang } from '../../api/index.ts';
import { coinsQuery } from '../../api/queries.ts';
import { useTranslation } from 'react-i18next';
import { AutoPayPanel } from './AutoPayPanel.tsx';
import { formatTime } from './format.ts';
import { SecurityVerification } from '../../components/SecurityVerification.tsx';
import { codesComplete, useVerificationMethods } from './verification.ts';
import { DialogFooter } from './dialogFooter.tsx';
import { useWalletSubmit } from './useWalletSubmit.ts';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import { addAddress, deleteAddress, fetchAddresses, fetchTotalAssets, ok, updateRemark, walletKeys } from './walletApi.ts';
import './wallet.css';

/** The address book (/center/address and /address, spec doc 1 §3 'Withdrawal address', §5). */
export function AddressBookPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const screens = Grid.useBreakpoint();
  const [coin, setCoin] = useState('');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WithdrawAddress | null>(null);
  const assets = useQuery({ queryKey: walletKeys.assets, queryFn: fetchTotalAssets });
  const addresses = useQuery({ queryKey: walletKeys.addresses(coin), queryFn: () => fetchAddresses(coin) });
  const currencies = (assets.data?.currency ?? []).filter((c) => !c.closed);
  const unitOf = (type: string) => currencies.find((c) => c.type === type)?.unit ?? type;

  const remove = async (id: string) => {
    try {
      if (!ok(await deleteAddress(id))) return;
      toast(t('feedback.addressRemoved'));
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    } catch {
      // A transport failure: the API client has already shown it.
    }
  };

  const columns: TableColumnsType<WithdrawAddress> = [
    { key: 'coin', title: t('wallet.assets.coin'), render: (_, a) => unitOf(a.coin) },
    {
      key: 'address',
      title: t('wallet.address.address'),
      render: (_, a) => (
        <span className="wallet-address-cell" data-testid={`address-text-${a.id}`}>
          {a.address}
        </span>
      ),
    },
    { key: 'remark', title: t('wallet.address.remark'), render: (_, a) => <span data-testid={`address-remark-${a.id}`}>{a.remark || '—'}</span> },
    { key: 'memo', title: t('wallet.address.memo'), render: (_, a) => a.memo || '—' },
    { key: 'created', title: t('wallet.list.time'), render: (_, a) => formatTime(a.created_at) },
    { key: 'actions', title: '', render: (_, a) => actions(a) },
  ];

  function actions(a: WithdrawAddress) {
    return (
      <Space size="small">
        <Button size="small" onClick={() => setEditing(a)} data-testid={`address-edit-${a.id}`}>
          {t('wallet.address.editRemark')}
        </Button>
        <Popconfirm
          title={t('wallet.address.deleteConfirm')}
          okText={t('wallet.yes')}
          cancelText={t('wallet.no')}
          onConfirm={() => remove(a.id)}
          okButtonProps={{ 'data-testid': 'address-delete-confirm' }}
        >
          <Button size="small" danger data-testid={`address-delete-${a.id}`}>
            {t('wallet.address.delete')}
          </Button>
        </Popconfirm>
      </Space>
    );
  }

  return (
    <div className="page wallet-page" data-testid="address-book-page">
      <div className="wallet-page__head">
        <Typography.Title level={2} className="page__title">
          {t('wallet.address.title')}
        </Typography.Title>
        <Button type="primary" onClick={() => setAdding(true)} data-testid="address-add">
          {t('wallet.address.add')}
        </Button>
      </div>
      <div className="wallet-toolbar">
        <Select
          value={coin}
          onChange={setCoin}
          data-testid="address-filter-coin"
          options={[{ value: '', label: t('wallet.allCoins') }, ...currencies.map((c) => ({ value: c.type, label: c.unit }))]}
        />
      </div>
      <Typography.Paragraph type="secondary" className="wallet-small">
        {t('wallet.address.fundsWarning')}
      </Typography.Paragraph>
      {screens.md === false ? (
        <div className="wallet-cards" data-testid="address-cards">
          {(addresses.data ?? []).length === 0 ? <Typography.Text type="secondary">{t('wallet.noData')}</Typography.Text> : null}
          {(addresses.data ?? []).map((a) => (
            <Card key={a.id} size="small" title={unitOf(a.coin)} extra={actions(a)} data-testid={`address-row-${a.id}`}>
              <div className="wallet-address-cell" data-testid={`address-text-${a.id}`}>
                {a.address}
              </div>
              <dl className="wallet-figures">
                <div>
                  <dt>{t('wallet.address.remark')}</dt>
                  <dd data-testid={`address-remark-${a.id}`}>{a.remark || '—'}</dd>
                </div>
                <div>
                  <dt>{t('wallet.address.memo')}</dt>
                  <dd>{a.memo || '—'}</dd>
                </div>
              </dl>
            </Card>
          ))}
        </div>
      ) : (
        <Table
          rowKey="id"
          size="middle"
          data-testid="address-table"
          loading={addresses.isPending}
          columns={columns}
          dataSource={addresses.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('wallet.noData') }}
          onRow={(a) => ({ 'data-testid': `address-row-${a.id}` }) as HTMLAttributes<HTMLElement>}
        />
      )}
      <div className="wallet-section" id="autopay">
        <AutoPayPanel currencies={currencies} initialCoin={coin} />
      </div>
      {adding ? <AddAddressDialog currencies={currencies} initialCoin={coin} onClose={() => setAdding(false)} /> : null}
      {editing ? <RemarkDialog address={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function AddAddressDialog({ currencies, initialCoin, onClose }: { currencies: CurrencyEntry[]; initialCoin: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { busy, run } = useWalletSubmit(onClose, t('feedback.addressAdded'));
  const methods = useVerificationMethods('address');
  const [coin, setCoin] = useState(initialCoin || currencies[0]?.type || '');
  const [address, setAddress] = useState('');
  const [remark, setRemark] = useState('');
  const [memo, setMemo] = useState('');
  const [codes, setCodes] = useState<SecurityCodes>({});
  const currency = currencies.find((c) => c.type === coin);
  // The coin's pattern and its chain's checksum (one domain rule), checked as the user types;
  // the server checks it again.
  const coins = useQuery(coinsQuery);
  const pattern = coins.data?.find((c) => c.type === coin)?.address_pattern;
  const addressOk = pattern === undefined || addressValid({ type: coin, addressPattern: pattern }, address.trim());
  const ready = coin !== '' && address.trim() !== '' && addressOk && remark.length <= REMARK_MAX && codesComplete(methods, codes);

  const submit = () => run(() => addAddress({ coin, address: address.trim(), remark: remark.trim(), memo: currency?.memo_supported ? memo.trim() : '', ...codes }));

  return (
    <Modal
      open
      title={t('wallet.address.add')}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(node) => <div data-testid="address-dialog-add">{node}</div>}
      footer={
        <DialogFooter
          cancel={t('wallet.cancel')}
          submit={t('wallet.save')}
          onClose={onClose}
          onSubmit={() => void submit()}
          busy={busy}
          ready={ready}
          testId="address-add-submit"
        />
      }
    >
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label={t('wallet.assets.coin')} required>
          <Select
            value={coin}
            onChange={setCoin}
            data-testid="address-add-coin"
            options={currencies.map((c) => ({ value: c.type, label: <span data-testid={`address-add-coin-option-${c.type}`}>{c.unit}</span> }))}
          />
        </Form.Item>
        <Form.Item
          label={t('wallet.address.address')}
          required
          validateStatus={address.trim() !== '' && !addressOk ? 'error' : undefined}
          help={address.trim() !== '' && !addressOk ? <span data-testid="address-add-invalid">{errorMessageByName('WALLET_ADDRESS_INVALID', currentLang())}</span> : undefined}
        >
          <Input value={address} onChange={(e) => setAddress(e.target.value)} maxLength={128} data-testid="address-add-address" />
        </Form.Item>
        <Form.Item label={t('wallet.address.remark')} help={t('wallet.address.remarkHelp', { max: REMARK_MAX })}>
          <Input value={remark} onChange={(e) => setRemark(e.target.value)} maxLength={REMARK_MAX} showCount data-testid="address-add-remark" />
        </Form.Item>
        {currency?.memo_supported ? (
          <>
            <Form.Item label={t('wallet.address.memo')}>
              <Input value={memo} onChange={(e) => setMemo(e.target.value)} maxLength={MEMO_MAX} data-testid="address-add-memo" />
            </Form.Item>
            <Alert type="warning" showIcon className="wallet-gap" title={t('wallet.memoWarning')} data-testid="address-memo-warning" />
          </>
        ) : null}
        <SecurityVerification action="address" value={codes} onChange={setCodes} />
      </Form>
    </Modal>
  );
}

function RemarkDialog({ address, onClose }: { address: WithdrawAddress; onClose: () => void }) {
  const { t } = useTranslation();
  const { busy, run } = useWalletSubmit(onClose, t('feedback.remarkSaved'));
  const [remark, setRemark] = useState(address.remark);
  const submit = () => run(() => updateRemark(address.id, remark.trim()));
  return (
    <Modal
      open
      title={t('wallet.address.editRemark')}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(node) => <div data-testid="address-dialog-remark">{node}</div>}
      okText={t('wallet.save')}
      cancelText={t('wallet.cancel')}
      onOk={() => void submit()}
      okButtonProps={{ loading: busy, disabled: remark.length > REMARK_MAX, 'data-testid': 'address-remark-submit' }}
    >
      <Typography.Paragraph className="wallet-address">{address.address}</Typography.Paragraph>
      <Input value={remark} onChange={(e) => setRemark(e.target.value)} maxLength={REMARK_MAX} showCount data-testid="address-remark-input" />
    </Modal>
  );
}
