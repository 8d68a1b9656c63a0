import { POINTING_COINS } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Tag, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import { ResponsiveTable, type Column } from '../adminCore/ResponsiveTable.tsx';
import { bindAddress, fetchAddresses, fetchRecords, isOk, PAGE, pointingKeys, requestCancel, saveRemark, type PointAddressRow, type PointRecordRow } from './pointingApi.ts';
import { PointMortgageButton } from '../mortgage/PointMortgageButton.tsx';
import { PointFinanceLockButton } from './PointFinanceLockButton.tsx';
import './pointing.css';

const BINDING_COLOR: Record<string, string> = { VERIFY: 'gold', WAIT_CONFIRM: 'orange', VALID: 'blue', CONFIRMED: 'green', VERIFY_EXPIRED: 'default' };
const DISPLAY_COLOR: Record<string, string> = { Waiting: 'gold', Effectived: 'green', Unlocked: 'default' };

/**
 * /center/pointing (spec doc 1 §4 'Source address binding', 'Pointing', 'Cancelling pointing';
 * issue 22): bind a source address (the verification to make on chain within 20 blocks), the
 * source addresses with their status and remark, the pointing records with their terms, and
 * the cancellation request.
 */
export function PointingPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const [form] = Form.useForm<{ coin: string; source_address: string; remark: string }>();
  const [addressPage, setAddressPage] = useState(1);
  const [recordPage, setRecordPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const [remarking, setRemarking] = useState<PointAddressRow | null>(null);
  const [remark, setRemark] = useState('');
  const addresses = useQuery({ queryKey: pointingKeys.addresses(addressPage), queryFn: () => fetchAddresses(addressPage), refetchInterval: 10_000 });
  const records = useQuery({ queryKey: pointingKeys.records(recordPage), queryFn: () => fetchRecords(recordPage), refetchInterval: 10_000 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: pointingKeys.all });

  async function bind(values: { coin: string; source_address: string; remark: string }) {
    setBusy(true);
    try {
      if (isOk(await bindAddress({ ...values, remark: values.remark ?? '' }))) {
        toast(t('pointing.bind.done'));
        form.resetFields(['source_address', 'remark']);
        await refresh();
      }
    } finally {
      setBusy(false);
    }
  }

  async function cancel(row: PointRecordRow) {
    if (isOk(await requestCancel(row.id))) {
      toast(t('pointing.records.cancelFiled'));
      await refresh();
    }
  }

  async function submitRemark() {
    if (!remarking) return;
    if (isOk(await saveRemark(remarking.id, remark))) {
      setRemarking(null);
      await refresh();
    }
  }

  const verification = (a: PointAddressRow) =>
    a.status === 'VERIFY' || a.status === 'WAIT_CONFIRM' ? (
      <Typography.Text type="secondary" className="pointing-hint" data-testid={`point-address-hint-${a.id}`}>
        {t('pointing.addresses.todo', { amount: a.verify_amount, coin: a.coin, address: a.confirm_address, height: a.verify_deadline })}
      </Typography.Text>
    ) : null;

  const addressColumns: Column<PointAddressRow>[] = [
    { key: 'source', title: t('pointing.field.source'), render: (a) => <span className="pointing-mono">{a.source_address}</span> },
    { key: 'coin', title: t('pointing.field.coin'), render: (a) => a.coin },
    {
      key: 'status',
      title: t('pointing.field.status'),
      render: (a) => (
        <div>
          <Tag color={BINDING_COLOR[a.status]} data-testid={`point-address-status-${a.id}`}>
            {t(`pointing.binding.${a.status}`)}
          </Tag>
          {verification(a)}
        </div>
      ),
    },
    { key: 'confirm', title: t('pointing.field.confirmAddress'), render: (a) => <span className="pointing-mono">{a.confirm_address}</span> },
    { key: 'deadline', title: t('pointing.field.deadline'), render: (a) => a.verify_deadline },
    {
      key: 'remark',
      title: t('pointing.field.remark'),
      // The remark is edited from here (an action): kept in view at the table's right edge while the addresses scroll, as the records' cancel column.
      fixed: 'right',
      render: (a) => (
        <Button
          type="link"
          size="small"
          onClick={() => {
            setRemarking(a);
            setRemark(a.remark);
          }}
          data-testid={`point-address-remark-${a.id}`}
        >
          {a.remark || t('pointing.addresses.addRemark')}
        </Button>
      ),
    },
  ];

  const recordColumns: Column<PointRecordRow>[] = [
    { key: 'source', title: t('pointing.field.source'), render: (r) => <span className="pointing-mono">{r.source_address}</span> },
    { key: 'amount', title: t('pointing.field.amount'), align: 'right', render: (r) => `${r.amount} ${r.coin}` },
    { key: 'pledge', title: t('pointing.field.actualPledge'), align: 'right', render: (r) => `${r.actual_pledge} ${r.coin}` },
    { key: 'deposit', title: t('pointing.field.deposit'), align: 'right', render: (r) => `${r.deposit} ${r.coin}` },
    { key: 'term', title: t('pointing.field.term'), render: (r) => t(`pointing.term.${r.term}`) },
    {
      key: 'status',
      title: t('pointing.field.status'),
      render: (r) => (
        <Tag color={DISPLAY_COLOR[r.display]} data-testid={`point-record-status-${r.id}`} title={r.status}>
          {t(`pointing.display.${r.display}`)}
        </Tag>
      ),
    },
    { key: 'height', title: t('pointing.field.height'), render: (r) => r.height ?? '—' },
    { key: 'expiry', title: t('pointing.field.expiry'), render: (r) => r.expiry_height ?? '—' },
    { key: 'penalty', title: t('pointing.field.penalty'), align: 'right', render: (r) => `${r.penalty} ${r.coin}` },
    {
      key: 'cancel',
      title: t('pointing.field.cancellation'),
      fixed: 'right',
      render: (r) =>
        r.cancellation ? (
          <Tag data-testid={`point-record-cancellation-${r.id}`} title={r.cancellation_reason}>
            {t(`pointing.cancel.${r.cancellation}`)}
          </Tag>
        ) : r.status === 'POINT_VALID' || r.status === 'POINT_RECEIVED' || r.status === 'POINT_LOCKED' ? (
          <Space size="small" wrap>
            <Popconfirm title={t('pointing.records.cancelConfirm')} onConfirm={() => cancel(r)} okText={t('pointing.records.cancel')} cancelText={t('pointing.close')}>
              <Button size="small" data-testid={`point-record-cancel-${r.id}`}>
                {t('pointing.records.cancel')}
              </Button>
            </Popconfirm>
            {r.status === 'POINT_VALID' ? <PointMortgageButton recordId={r.id} onDone={refresh} /> : null}
            {r.status === 'POINT_VALID' ? <PointFinanceLockButton record={r} onDone={refresh} /> : null}
          </Space>
        ) : null,
    },
  ];

  return (
    <div className="page pointing-page" data-testid="pointing-page">
      <PageHeading title={t('pointing.title')} />
      <Typography.Paragraph type="secondary">{t('pointing.intro')}</Typography.Paragraph>
      <Typography.Title level={3}>{t('pointing.bind.title')}</Typography.Title>
      <Form form={form} layout="inline" className="pointing-bind" initialValues={{ coin: 'BHD', remark: '' }} onFinish={bind} data-testid="point-bind-form">
        <Form.Item name="coin" label={t('pointing.field.coin')}>
          <Select style={{ width: 120 }} options={POINTING_COINS.map((c) => ({ value: c, label: c }))} data-testid="point-bind-coin" />
        </Form.Item>
        <Form.Item name="source_address" label={t('pointing.field.source')} rules={[{ required: true, message: t('pointing.bind.required') }]}>
          <Input className="pointing-address-input" autoComplete="off" data-testid="point-bind-address" />
        </Form.Item>
        <Form.Item name="remark" label={t('pointing.field.remark')} rules={[{ max: 31, message: t('pointing.bind.remarkTooLong') }]}>
          <Input maxLength={31} data-testid="point-bind-remark" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="point-bind-submit">
            {t('pointing.bind.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Alert className="pointing-rules" type="info" showIcon title={t('pointing.bind.rules')} />
      <Typography.Title level={3}>{t('pointing.addresses.title')}</Typography.Title>
      <ResponsiveTable
        testId="point-addresses"
        rowTestId="point-address"
        rowKey={(a) => a.id}
        rows={addresses.data?.list}
        loading={addresses.isPending}
        failed={addresses.isError}
        columns={addressColumns}
        pagination={{ current: addressPage, pageSize: PAGE, total: addresses.data?.total ?? 0, onChange: setAddressPage, hideOnSinglePage: true }}
      />
      <Typography.Title level={3}>{t('pointing.records.title')}</Typography.Title>
      <ResponsiveTable
        testId="point-records"
        rowTestId="point-record"
        rowKey={(r) => r.id}
        rows={records.data?.list}
        loading={records.isPending}
        failed={records.isError}
        columns={recordColumns}
        pagination={{ current: recordPage, pageSize: PAGE, total: records.data?.total ?? 0, onChange: setRecordPage, hideOnSinglePage: true }}
      />
      <Typography.Paragraph type="secondary" className="pointing-rules">
        {t('pointing.records.rules')}
      </Typography.Paragraph>
      <Modal
        open={remarking !== null}
        title={t('pointing.addresses.remarkTitle')}
        onCancel={() => setRemarking(null)}
        onOk={submitRemark}
        okText={t('pointing.save')}
        cancelText={t('pointing.close')}
        okButtonProps={{ disabled: remark.trim().length > 31, 'data-testid': 'point-remark-save' } as ButtonProps}
      >
        <Input value={remark} maxLength={31} onChange={(e) => setRemark(e.target.value)} data-testid="point-remark-input" />
      </Modal>
    </div>
  );
}
