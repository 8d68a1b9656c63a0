import { FINANCE_PRODUCT_TYPES, type AdminFinanceProduct, type FinanceHolding, type FinanceProductBody } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Form, Input, InputNumber, Modal, Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export/ExportButton.tsx';
import { useModalSubmit } from '../../lib/useModalSubmit.ts';
import { ResponsiveTable, type Column } from '../adminCore/ResponsiveTable.tsx';
import { newRequestId } from '../wallet/WithdrawDialog.tsx';
import {
  fetchAdminProducts,
  fetchSettings,
  fetchSubscriptions,
  financeKeys,
  fundProduct,
  revokeProduct,
  saveProduct,
  saveSettings,
  setShelf,
  type FinanceSettings,
} from './financeApi.ts';
import { formatDay, useCoinUnit } from './format.ts';
import '../adminCore/adminCore.css';
import './finance.css';

/**
 * The back office's finance products (issue 23): create and edit, shelf on and off, fund the
 * interest budget from an operator's balance, revoke a periodical before it starts, see each
 * product's subscriptions and totals, export both lists, and the settings (the accrual hour,
 * T+N, the saving shares). Every write is audited by the server.
 */
export function FinanceAdminPage() {
  const { t } = useTranslation();
  const unitOf = useCoinUnit();
  const { submit } = useModalSubmit();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminFinanceProduct | 'new' | null>(null);
  const [funding, setFunding] = useState<AdminFinanceProduct | null>(null);
  const [subscriptions, setSubscriptions] = useState<AdminFinanceProduct | null>(null);
  const products = useQuery({ queryKey: financeKeys.admin(page), queryFn: () => fetchAdminProducts(page) });
  const act = (call: Parameters<typeof submit>[0]) => submit(call, { invalidate: [financeKeys.all], success: t('finance.admin.saved') });

  const columns: Column<AdminFinanceProduct>[] = [
    { key: 'name', title: t('finance.field.name'), render: (p) => p.name },
    { key: 'type', title: t('finance.field.type'), render: (p) => `${t(`finance.type.${p.type}`)} · ${unitOf(p.coin)}` },
    {
      key: 'state',
      title: t('finance.field.status'),
      render: (p) => (
        <Space size={4} wrap>
          <Tag data-testid={`admin-finance-status-${p.id}`}>{t(`finance.status.${p.status}`)}</Tag>
          <Tag>{t(`finance.state.${p.state}`)}</Tag>
        </Space>
      ),
    },
    { key: 'rate', title: t('finance.field.rate'), align: 'right', render: (p) => `${p.annual_rate} %` },
    { key: 'ordered', title: `${t('finance.field.ordered')} / ${t('finance.field.quota')}`, align: 'right', render: (p) => `${p.ordered} / ${p.quota === '0' ? '∞' : p.quota}` },
    { key: 'participants', title: t('finance.field.participants'), align: 'right', render: (p) => p.participants },
    { key: 'income', title: t('finance.field.income'), align: 'right', render: (p) => p.accumulated_income },
    {
      key: 'budget',
      title: t('finance.field.budget'),
      align: 'right',
      render: (p) => (
        <span data-testid={`admin-finance-budget-${p.id}`}>
          {p.budget}
          {p.budget_exhausted_at ? (
            <Typography.Text type="danger" className="wallet-small" data-testid={`admin-finance-exhausted-${p.id}`}>
              {t('finance.admin.exhausted', { time: formatDay(p.budget_exhausted_at) })}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('finance.admin.actions'),
      // At the table's right edge, its buttons wrapped in a narrow column: never off screen.
      fixed: 'right',
      width: 150,
      render: (p) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setEditing(p)} data-testid={`admin-finance-edit-${p.id}`}>
            {t('finance.admin.edit')}
          </Button>
          <Button size="small" onClick={() => void act(() => setShelf(p.id, !p.on_shelf))} data-testid={`admin-finance-shelf-${p.id}`}>
            {t(p.on_shelf ? 'finance.admin.withdraw' : 'finance.admin.shelve')}
          </Button>
          <Button size="small" onClick={() => setFunding(p)} data-testid={`admin-finance-fund-${p.id}`}>
            {t('finance.admin.fund')}
          </Button>
          <Button size="small" onClick={() => setSubscriptions(p)} data-testid={`admin-finance-subscriptions-${p.id}`}>
            {t('finance.admin.subscriptions')}
          </Button>
          {p.type === 'DQB' && p.state === 'create' ? (
            <Button
              size="small"
              danger
              onClick={() => Modal.confirm({ title: t('finance.admin.revokeTitle'), onOk: () => act(() => revokeProduct(p.id)) })}
              data-testid={`admin-finance-revoke-${p.id}`}
            >
              {t('finance.admin.revoke')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="page finance-page" data-testid="admin-finance-page">
      <Typography.Title level={2}>{t('finance.admin.title')}</Typography.Title>
      <div className="finance-admin-toolbar">
        <Button type="primary" onClick={() => setEditing('new')} data-testid="admin-finance-create">
          {t('finance.admin.create')}
        </Button>
        <ExportButton scope="admin" list="finance_products" filters={{}} />
      </div>
      <ResponsiveTable
        testId="admin-finance-table"
        rowTestId="admin-finance-row"
        rowKey={(p) => p.id}
        rows={products.data?.list}
        loading={products.isPending}
        failed={products.isError}
        columns={columns}
        pagination={{ current: page, pageSize: 20, total: products.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      />
      <SettingsCard />
      {editing ? <ProductForm product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {funding ? <FundDialog product={funding} onClose={() => setFunding(null)} /> : null}
      {subscriptions ? <Subscriptions product={subscriptions} onClose={() => setSubscriptions(null)} /> : null}
    </div>
  );
}

type FormValues = Omit<FinanceProductBody, 'start_at' | 'end_at'> & { start_at?: string; end_at?: string };

function ProductForm({ product, onClose }: { product: AdminFinanceProduct | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const { busy, submit: send } = useModalSubmit();
  const initial: Partial<FormValues> = product
    ? {
        ...product,
        start_at: product.start_at ?? '',
        end_at: product.end_at ?? '',
        min_amount: product.min_amount,
      }
    : {
        type: 'HQB',
        coin: 'CHIA',
        coefficient: '1',
        annual_rate: '5',
        min_amount: '1',
        quota: '0',
        term_days: 0,
        lock_days: 0,
        weight: 0,
        staking_blocks: 0,
        rating: '',
        indefinite: true,
        verify_purchase: false,
        tiers: [],
      };
  const submit = (values: FormValues) => {
    const body: FinanceProductBody & { id?: string } = {
      ...values,
      start_at: values.start_at || null,
      end_at: values.end_at || null,
      tiers: values.tiers ?? [],
      miner_uid: values.miner_uid || null,
      ...(product ? { id: product.id } : {}),
    };
    return send(() => saveProduct(body), { invalidate: [financeKeys.all], success: t('finance.admin.saved'), onDone: onClose });
  };
  return (
    <Modal
      open
      width={720}
      title={product ? product.name : t('finance.admin.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('finance.admin.save')}
      cancelText={t('finance.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'admin-finance-save' }}
      modalRender={(node) => <div data-testid="admin-finance-form">{node}</div>}
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)}>
        <Form.Item name="name" label={t('finance.field.name')} rules={[{ required: true }]}>
          <Input data-testid="admin-finance-name" maxLength={64} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="type" label={t('finance.field.type')}>
            <Select style={{ minWidth: 140 }} options={FINANCE_PRODUCT_TYPES.map((v) => ({ value: v, label: t(`finance.type.${v}`) }))} />
          </Form.Item>
          <Form.Item name="coin" label={t('finance.field.coin')}>
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="annual_rate" label={`${t('finance.field.rate')} (%)`}>
            <Input style={{ width: 120 }} data-testid="admin-finance-rate" />
          </Form.Item>
          <Form.Item name="coefficient" label={t('finance.field.coefficient')}>
            <Input style={{ width: 100 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="min_amount" label={t('finance.field.min')}>
            <Input style={{ width: 160 }} data-testid="admin-finance-min" />
          </Form.Item>
          <Form.Item name="quota" label={t('finance.field.quota')}>
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="weight" label={t('finance.field.weight')}>
            <InputNumber min={0} />
          </Form.Item>
          <Form.Item name="rating" label={t('finance.field.rating')}>
            <Input style={{ width: 100 }} maxLength={16} />
          </Form.Item>
        </Space>
        <Form.Item noStyle shouldUpdate={(a: FormValues, b: FormValues) => a.type !== b.type}>
          {({ getFieldValue }) =>
            getFieldValue('type') === 'SXC' ? (
              <Form.Item name="miner_uid" label={t('finance.field.miner')} extra={t('finance.admin.minerHelp')}>
                <Input style={{ width: 200 }} data-testid="admin-finance-miner" />
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <Space wrap>
          <Form.Item name="term_days" label={t('finance.field.term')}>
            <InputNumber min={0} />
          </Form.Item>
          <Form.Item name="lock_days" label={t('finance.field.lockTerm')}>
            <InputNumber min={0} />
          </Form.Item>
          <Form.Item name="staking_blocks" label={t('finance.field.stakingBlocks')}>
            <InputNumber min={0} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="start_at" label={`${t('finance.field.start')} (ISO, UTC)`}>
            <Input style={{ width: 240 }} placeholder="2026-12-01T00:00:00Z" />
          </Form.Item>
          <Form.Item name="end_at" label={`${t('finance.field.end')} (ISO, UTC)`}>
            <Input style={{ width: 240 }} placeholder="2026-12-31T00:00:00Z" />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="indefinite" label={t('finance.field.indefinite')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="verify_purchase" label={t('finance.field.verify')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Typography.Text strong>{t('finance.field.tiers')}</Typography.Text>
        <Form.List name="tiers">
          {(fields, { add, remove }) => (
            <div>
              {fields.map((field) => (
                <div key={field.key} className="finance-tier">
                  <Form.Item name={[field.name, 'from_days']} label={t('finance.admin.tierDays')}>
                    <InputNumber min={0} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'rate']} label={t('finance.admin.tierRate')}>
                    <Input style={{ width: 120 }} />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)}>−</Button>
                </div>
              ))}
              <Button onClick={() => add({ from_days: fields.length === 0 ? 0 : fields.length === 1 ? 15 : 30, rate: '0' })}>{t('finance.admin.addTier')}</Button>
            </div>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

function FundDialog({ product, onClose }: { product: AdminFinanceProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const unit = useCoinUnit()(product.coin);
  const [amount, setAmount] = useState('');
  const [uid, setUid] = useState('');
  const [requestId] = useState(newRequestId);
  const { busy, submit: send } = useModalSubmit();
  const submit = () =>
    send(() => fundProduct({ id: product.id, amount: amount.trim(), request_id: requestId, ...(uid.trim() ? { from_uid: uid.trim() } : {}) }), {
      invalidate: [financeKeys.all],
      success: t('finance.admin.funded'),
      onDone: onClose,
    });
  return (
    <Modal
      open
      title={t('finance.admin.fundTitle', { name: product.name })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('finance.admin.fund')}
      cancelText={t('finance.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'admin-finance-fund-submit', disabled: !/^\d+(\.\d+)?$/.test(amount.trim()) }}
      modalRender={(node) => <div data-testid="admin-finance-fund-dialog">{node}</div>}
    >
      <Space direction="vertical" className="finance-block">
        <Typography.Text type="secondary">{`${t('finance.field.budget')}: ${product.budget} ${unit}`}</Typography.Text>
        <Input value={amount} onChange={(e) => setAmount(e.target.value)} addonAfter={unit} aria-label={t('finance.amount')} data-testid="admin-finance-fund-amount" />
        <Input value={uid} onChange={(e) => setUid(e.target.value)} placeholder={t('finance.admin.fromUid')} aria-label={t('finance.admin.fromUid')} />
      </Space>
    </Modal>
  );
}

function Subscriptions({ product, onClose }: { product: AdminFinanceProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const unit = useCoinUnit()(product.coin);
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: financeKeys.subscriptions(product.id, page), queryFn: () => fetchSubscriptions(product.id, page) });
  const columns: Column<FinanceHolding>[] = [
    { key: 'uid', title: t('finance.admin.uid'), render: (h) => h.uid ?? '' },
    { key: 'amount', title: t('finance.investment.amount'), align: 'right', render: (h) => h.amount },
    { key: 'income', title: t('finance.investment.income'), align: 'right', render: (h) => h.income },
    { key: 'status', title: t('finance.investment.status'), render: (h) => t(`finance.holding.${h.status}`) },
    { key: 'subscribed', title: t('finance.investment.subscribed'), render: (h) => formatDay(h.subscribed_at) },
  ];
  return (
    <Drawer open onClose={onClose} width="min(720px, 100vw)" title={`${t('finance.admin.subscriptions')} · ${product.name}`} data-testid="admin-finance-subscriptions">
      <Typography.Paragraph>{`${t('finance.field.ordered')}: ${product.ordered} ${unit} · ${t('finance.field.participants')}: ${product.participants} · ${t('finance.field.income')}: ${product.accumulated_income}`}</Typography.Paragraph>
      <ExportButton scope="admin" list="finance_subscriptions" filters={{ product_id: product.id }} />
      <ResponsiveTable
        testId="admin-finance-subscriptions-table"
        rowTestId="admin-finance-subscription"
        rowKey={(h) => h.id}
        rows={list.data?.list}
        loading={list.isPending}
        failed={list.isError}
        columns={columns}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </Drawer>
  );
}

function SettingsCard() {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: financeKeys.settings, queryFn: fetchSettings });
  const { submit: send } = useModalSubmit();
  if (!settings.data) return null;
  const submit = (values: FinanceSettings) => send(() => saveSettings(values), { invalidate: [financeKeys.settings], success: t('finance.admin.saved') });
  return (
    <Card title={t('finance.admin.settings')} className="finance-section" data-testid="admin-finance-settings">
      <Form layout="vertical" initialValues={settings.data} onFinish={(values: FinanceSettings) => void submit(values)}>
        <Space wrap>
          <Form.Item name="settlement_hour_utc" label={t('finance.admin.settlementHour')}>
            <Select style={{ width: 120 }} options={[0, 12].map((h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }))} />
          </Form.Item>
          <Form.Item name="redemption_days" label={t('finance.admin.redemptionDays')}>
            <InputNumber min={0} max={30} />
          </Form.Item>
          <Form.Item name="saving_owner_share" label={t('finance.admin.ownerShare')}>
            <Input style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="saving_miner_share" label={t('finance.admin.minerShare')}>
            <Input style={{ width: 100 }} />
          </Form.Item>
        </Space>
        <Alert type="info" showIcon title={t('finance.buyNote')} className="wallet-gap" />
        <Button htmlType="submit" type="primary" data-testid="admin-finance-settings-save">
          {t('finance.admin.save')}
        </Button>
      </Form>
    </Card>
  );
}
