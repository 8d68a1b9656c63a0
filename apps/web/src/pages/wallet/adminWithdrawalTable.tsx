import { errorMessage } from '@platter/domain';
import { Alert, Input, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang, type ApiAnswer } from '../../api/index.ts';
import type { AuditResult } from './adminWalletApi.ts';
import { formatTime, middleEllipsis, STATUS_COLOR } from './format.ts';
import { ok, walletKeys, type AdminWithdrawal } from './walletApi.ts';
import { moneyColumns } from './withdrawalColumns.tsx';

/** The pieces the back office's withdrawal screens share: the batch over a selection, its table, the reason dialog, the result. */

export function useAdminWithdrawalColumns(): TableColumnsType<AdminWithdrawal> {
  const { t } = useTranslation();
  return [
    { key: 'time', title: t('wallet.list.time'), render: (_, w) => formatTime(w.created_at) },
    { key: 'user', title: t('wallet.admin.user'), render: (_, w) => <span title={w.uid}>{w.email}</span> },
    ...moneyColumns<AdminWithdrawal>(t),
    { key: 'address', title: t('wallet.list.address'), render: (_, w) => <span title={w.address}>{middleEllipsis(w.address)}</span> },
    { key: 'batch', title: t('wallet.admin.batch'), render: (_, w) => w.batch },
    {
      key: 'status',
      title: t('wallet.list.status'),
      render: (_, w) => (
        <Tag color={STATUS_COLOR[w.status]} data-testid={`admin-withdrawal-status-${w.id}`} data-status={w.status}>
          {t(`wallet.status.${w.status}`)}
        </Tag>
      ),
    },
    { key: 'txid', title: t('wallet.list.txid'), render: (_, w) => (w.txid ? <span title={w.txid}>{middleEllipsis(w.txid)}</span> : w.reason || '—') },
  ];
}

export const rowTestId = (w: AdminWithdrawal) => ({ 'data-testid': `admin-withdrawal-row-${w.id}` }) as HTMLAttributes<HTMLElement>;

/**
 * A batch action over the selected withdrawals: busy while it runs, then the counts of done
 * and skipped, the selection cleared and the wallet's data fetched again.
 */
export function useBatch() {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AuditResult | null>(null);
  const run = async (call: (ids: string[]) => Promise<ApiAnswer<AuditResult>>): Promise<boolean> => {
    setBusy(true);
    try {
      const answer = await call(selected);
      if (!ok(answer) || !('data' in answer)) return false;
      setResult(answer.data);
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
      return true;
    } catch {
      // A transport failure: the API client has already shown it.
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { selected, setSelected, busy, result, clearResult: () => setResult(null), run };
}

export type Batch = ReturnType<typeof useBatch>;

/**
 * Withdrawals with check boxes under a toolbar (the selection's count, then `children`: the
 * actions) and the last batch's result. `prefix` names the test ids: `<prefix>-table`,
 * `<prefix>-check-<id>`, `<prefix>-selected`, `<prefix>-result`.
 */
export function SelectableBatch(props: { prefix: string; batch: Batch; rows: AdminWithdrawal[] | undefined; loading: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const columns = useAdminWithdrawalColumns();
  const { batch, prefix } = props;
  return (
    <>
      <div className="wallet-toolbar">
        <Typography.Text type="secondary" data-testid={`${prefix}-selected`}>
          {t('wallet.admin.selected', { count: batch.selected.length })}
        </Typography.Text>
        {props.children}
      </div>
      {batch.result ? <BatchResult result={batch.result} testId={`${prefix}-result`} onClose={batch.clearResult} /> : null}
      <Table
        rowKey="id"
        size="small"
        data-testid={`${prefix}-table`}
        loading={props.loading}
        columns={columns}
        dataSource={props.rows ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('wallet.noData') }}
        pagination={false}
        onRow={rowTestId}
        rowSelection={{
          selectedRowKeys: batch.selected,
          onChange: (keys) => batch.setSelected(keys.map(String)),
          getCheckboxProps: (w) => ({ 'data-testid': `${prefix}-check-${w.id}` }) as object,
        }}
      />
    </>
  );
}

/**
 * A dialog asking for the reason of a rejection or a cancellation: its button stays disabled
 * until a reason is typed. The reason is kept while it is open and cleared once it closes.
 */
export function ReasonDialog(props: {
  open: boolean;
  title: string;
  placeholder: string;
  requiredText: string;
  busy: boolean;
  testIds: { dialog: string; reason: string; submit: string };
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const missing = reason.trim() === '';
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onCancel}
      afterOpenChange={(open) => (open ? undefined : setReason(''))}
      okText={props.title}
      cancelText={t('wallet.cancel')}
      okButtonProps={{ danger: true, disabled: missing, loading: props.busy, 'data-testid': props.testIds.submit }}
      onOk={() => props.onSubmit(reason.trim())}
      modalRender={(node) => <div data-testid={props.testIds.dialog}>{node}</div>}
    >
      <Input.TextArea
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={200}
        showCount
        placeholder={props.placeholder}
        status={missing ? 'warning' : undefined}
        data-testid={props.testIds.reason}
      />
      {missing ? <Typography.Text type="secondary">{props.requiredText}</Typography.Text> : null}
    </Modal>
  );
}

/** 'N done, M skipped', and why each skipped one was skipped (the error catalogue's text). */
export function BatchResult({ result, testId, onClose }: { result: AuditResult; testId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <Alert
      type={result.skipped.length > 0 ? 'warning' : 'success'}
      showIcon
      closable
      className="wallet-gap"
      onClose={onClose}
      data-testid={testId}
      title={t('wallet.admin.result', { done: result.done.length, skipped: result.skipped.length })}
      description={
        result.skipped.length > 0 ? (
          <ul className="wallet-admin-skipped">
            {result.skipped.map((s) => (
              <li key={s.id} data-testid={`${testId}-skipped-${s.id}`} data-code={s.code}>
                {t('walletAdmin.skipped', { id: s.id, reason: errorMessage(s.code, lang) ?? String(s.code) })}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
