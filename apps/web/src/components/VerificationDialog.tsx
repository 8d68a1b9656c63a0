import type { SecurityAction, SecurityCodes } from '@platter/domain';
import { Button, Form, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SecurityVerification } from './SecurityVerification.tsx';

/**
 * The security verification dialog of one sensitive action: the codes every factor the
 * action needs (asked of the server), then `onSubmit` makes the call with them. It closes
 * when `onSubmit` answers true; on false (the error is surfaced already) it stays open so
 * the person can correct a code. Test ids: `<action>-dialog`, `<action>-submit`.
 */
export function VerificationDialog({
  action,
  title,
  notice,
  children,
  submitLabel,
  danger = false,
  onSubmit,
  onClose,
}: {
  action: SecurityAction;
  title: string;
  /** A line above the codes, e.g. the 24-hour withdrawal lock. */
  notice?: ReactNode;
  /** Anything the action shows before the codes (what is being confirmed). */
  children?: ReactNode;
  submitLabel?: string;
  danger?: boolean;
  onSubmit: (codes: SecurityCodes) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<SecurityCodes>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      if (await onSubmit(codes)) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={title} onCancel={onClose} footer={null} destroyOnHidden>
      <Form layout="vertical" onFinish={() => void submit()} data-testid={`${action}-dialog`}>
        {children}
        {notice ? <p className="security-item__hint">{notice}</p> : null}
        <SecurityVerification action={action} value={codes} onChange={setCodes} />
        <Button danger={danger} type="primary" htmlType="submit" block loading={busy} data-testid={`${action}-submit`}>
          {submitLabel ?? t('common.confirm')}
        </Button>
      </Form>
    </Modal>
  );
}
