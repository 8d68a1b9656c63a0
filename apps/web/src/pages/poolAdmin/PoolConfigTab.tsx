import { errorMessageByName, SHARE_TYPES, type PoolConfigView } from '@platter/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select, Switch, Tag, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../api/index.ts';
import { useAppState } from '../../state/store.ts';
import { AdminTable, Amount, usePoolCoins } from './adminList.tsx';
import { useAmountText } from '../../components/Amount.tsx';
import { configChange, fieldsOf, percentOf, type ConfigFields } from './poolConfigForm.ts';
import { poolAdminKeys, updatePoolConfig } from './poolAdminApi.ts';
import { poolName } from '../../i18n/poolName.ts';

/** The answer code of a write refused to support staff (ACCESS_FORBIDDEN). */
const FORBIDDEN = 218;

/**
 * Every pool with its configuration (getpoollist) and an edit per pool (updatepoolconfig,
 * admins only): support staff (the user info's role) see it read-only, and should the server
 * still refuse an edit with 218 the edit is disabled from then on and said why.
 */
export function PoolConfigTab() {
  const { t } = useTranslation();
  const { configs, coinOf } = usePoolCoins();
  const role = useAppState((state) => state.userInfo?.role);
  const [editing, setEditing] = useState<PoolConfigView | null>(null);
  const [refused, setRefused] = useState(false);
  const readOnly = refused || role === 'support';
  const setReadOnly = setRefused;
  const percent = (bp: number) => <span className="pool-admin-amount">{percentOf(bp)} %</span>;
  const yesNo = (on: boolean) => (on ? t('poolAdmin.yes') : t('poolAdmin.no'));

  const columns: TableColumnsType<PoolConfigView> = [
    {
      key: 'pool',
      title: t('poolAdmin.col.pool'),
      render: (_, p) => (
        <span className="pool-admin-pool">
          <strong>{poolName(t, p.pool, p.name)}</strong>
          <span className="pool-admin-muted">{p.pool}</span>
          {p.enabled ? null : <Tag data-testid={`pool-config-closed-${p.pool}`}>{t('poolAdmin.config.closed')}</Tag>}
        </span>
      ),
    },
    { key: 'mode', title: t('poolAdmin.config.mode'), render: (_, p) => p.mode },
    { key: 'fee', title: t('poolAdmin.config.fee'), align: 'right', render: (_, p) => <span data-testid={`pool-config-fee-${p.pool}`}>{percent(p.fee_bp)}</span> },
    { key: 'coop', title: t('poolAdmin.config.coopRatio'), align: 'right', render: (_, p) => percent(p.coop_ratio_bp) },
    { key: 'burn', title: t('poolAdmin.config.burnCoefficient'), align: 'right', render: (_, p) => percent(p.burn_coefficient_bp) },
    { key: 'time', title: t('poolAdmin.config.paymentTime'), render: (_, p) => p.payment_time },
    { key: 'threshold', title: t('poolAdmin.config.payoutThreshold'), align: 'right', render: (_, p) => <Amount value={p.payout_threshold} unit={coinOf(p.pool).unit} /> },
    { key: 'withdrawFee', title: t('poolAdmin.config.withdrawFee'), align: 'right', render: (_, p) => <Amount value={p.withdraw_fee} unit={coinOf(p.pool).unit} /> },
    { key: 'audit', title: t('poolAdmin.config.withdrawAudit'), render: (_, p) => yesNo(p.withdraw_audit) },
    {
      key: 'edit',
      title: '',
      fixed: 'right',
      render: (_, p) => (
        <Button size="small" disabled={readOnly} onClick={() => setEditing(p)} data-testid={`pool-config-edit-${p.pool}`}>
          {t('poolAdmin.config.edit')}
        </Button>
      ),
    },
  ];

  return (
    <>
      {readOnly ? <Alert type="info" showIcon className="pool-admin-gap" data-testid="pool-config-read-only" title={t('poolAdmin.config.adminsOnly')} /> : null}
      <AdminTable
        testId="pool-config-table"
        rowTestId="pool-config-row"
        rowKey={(p) => p.pool}
        rows={configs.data}
        loading={configs.isPending}
        failed={configs.isError}
        columns={columns}
        pagination={false}
      />
      {editing ? (
        <PoolConfigDialog
          config={editing}
          scale={coinOf(editing.pool).scale}
          unit={coinOf(editing.pool).unit}
          onClose={() => setEditing(null)}
          onForbidden={() => {
            setReadOnly(true);
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}

function PoolConfigDialog(props: { config: PoolConfigView; scale: number | null; unit: string; onClose: () => void; onForbidden: () => void }) {
  const { t } = useTranslation();
  const { config } = props;
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<ConfigFields>(() => fieldsOf(config));
  const [issues, setIssues] = useState<Partial<Record<keyof ConfigFields, string>>>({});
  const [busy, setBusy] = useState(false);
  const current = fieldsOf(config);

  const set =
    <K extends keyof ConfigFields>(name: K) =>
    (value: ConfigFields[K]) => {
      setFields((old) => ({ ...old, [name]: value }));
      setIssues((old) => ({ ...old, [name]: undefined }));
    };

  const submit = async () => {
    const checked = configChange(config, fields, props.scale, {
      required: t('poolAdmin.required'),
      percent: (max) => t('poolAdmin.config.percentInvalid', { max }),
      amount: errorMessageByName('AMOUNT_INVALID', currentLang()),
    });
    if (!checked.ok) {
      setIssues(checked.issues);
      return;
    }
    if (!checked.changed) {
      props.onClose();
      return;
    }
    setBusy(true);
    try {
      const answer = await updatePoolConfig(checked.body);
      if ('code' in answer && answer.code === FORBIDDEN) props.onForbidden();
      if (!('code' in answer) || answer.code !== 200) return;
      await queryClient.invalidateQueries({ queryKey: poolAdminKeys.all });
      props.onClose();
    } catch {
      // A transport failure: the API client has already shown it; the form stays open.
    } finally {
      setBusy(false);
    }
  };

  const amountText = useAmountText();
  /** A form row: its label, the current value under it, and its error. */
  const item = (name: keyof ConfigFields, label: string, now: string, control: ReactNode) => (
    <Form.Item
      label={label}
      extra={<span data-testid={`pool-config-current-${name}`}>{t('poolAdmin.config.current', { value: now })}</span>}
      validateStatus={issues[name] ? 'error' : undefined}
      help={issues[name] ? <span data-testid={`pool-config-${name}-error`}>{issues[name]}</span> : undefined}
    >
      {control}
    </Form.Item>
  );
  const text = (name: Exclude<keyof ConfigFields, 'withdraw_audit' | 'enabled' | 'trusted_proxy' | 'mode'>, suffix?: string) => (
    <Input value={fields[name]} onChange={(e) => set(name)(e.target.value)} inputMode="decimal" suffix={suffix} data-testid={`pool-config-${name}`} />
  );
  const yesNo = (on: boolean) => (on ? t('poolAdmin.yes') : t('poolAdmin.no'));

  return (
    <Modal
      open
      width={640}
      title={t('poolAdmin.config.dialogTitle', { pool: poolName(t, config.pool, config.name) })}
      onCancel={props.onClose}
      okText={t('poolAdmin.config.save')}
      cancelText={t('poolAdmin.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'pool-config-submit' }}
      onOk={() => void submit()}
      modalRender={(node) => <div data-testid="pool-config-dialog">{node}</div>}
    >
      <Form layout="vertical" requiredMark={false} className="pool-admin-form">
        {item(
          'mode',
          t('poolAdmin.config.mode'),
          current.mode,
          <Select value={fields.mode} onChange={set('mode')} data-testid="pool-config-mode" options={SHARE_TYPES.map((m) => ({ value: m, label: m }))} />,
        )}
        {item('fee', t('poolAdmin.config.feePercent'), `${current.fee} %`, text('fee', '%'))}
        {item('coop_ratio', t('poolAdmin.config.coopRatioPercent'), `${current.coop_ratio} %`, text('coop_ratio', '%'))}
        {item('burn_coefficient', t('poolAdmin.config.burnCoefficientPercent'), `${current.burn_coefficient} %`, text('burn_coefficient', '%'))}
        {item('payment_time', t('poolAdmin.config.paymentTimeHint'), current.payment_time, text('payment_time'))}
        {item('payout_threshold', t('poolAdmin.config.payoutThreshold'), amountText(current.payout_threshold, props.unit), text('payout_threshold', props.unit))}
        {item('withdraw_fee', t('poolAdmin.config.withdrawFee'), amountText(current.withdraw_fee, props.unit), text('withdraw_fee', props.unit))}
        {config.pledge_per_tb !== null
          ? item('pledge_per_tb', t('settlementPledge.perTb'), amountText(current.pledge_per_tb, props.unit), text('pledge_per_tb', `${props.unit} / TB`))
          : null}
        {item(
          'withdraw_audit',
          t('poolAdmin.config.withdrawAudit'),
          yesNo(current.withdraw_audit),
          <Switch checked={fields.withdraw_audit} onChange={set('withdraw_audit')} data-testid="pool-config-withdraw_audit" />,
        )}
        {item('enabled', t('poolAdmin.config.enabled'), yesNo(current.enabled), <Switch checked={fields.enabled} onChange={set('enabled')} data-testid="pool-config-enabled" />)}
        {config.protocol === 'trusted-proxy'
          ? item(
              'trusted_proxy',
              t('verification.trustedProxyMode'),
              yesNo(current.trusted_proxy),
              <Switch checked={fields.trusted_proxy} onChange={set('trusted_proxy')} data-testid="pool-config-trusted_proxy" />,
            )
          : null}
      </Form>
    </Modal>
  );
}
