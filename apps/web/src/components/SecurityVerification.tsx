import type { SecurityAction, SecurityCodes, SecurityFactor, SecurityVerification as Verification } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, dataOf } from '../api/index.ts';
import { useCountdown } from '../pages/account/shared.tsx';

/**
 * The security verification of a sensitive action (withdrawal, address book, binding a
 * factor…): asks the server which factors the action needs and shows one 6-digit code field
 * each, with 'send code' buttons for e-mail, SMS and Telegram (60-second countdown). The
 * parent form keeps the codes (`email_code`, `sms_code`, `google_code`, `telegram_code`).
 */
export function SecurityVerification({
  action,
  value,
  onChange,
  skip = [],
}: {
  action: SecurityAction;
  value: SecurityCodes;
  onChange: (codes: SecurityCodes) => void;
  /** Factors the surrounding form already asks for (e.g. the new authenticator's own code). */
  skip?: SecurityFactor[];
}) {
  const { t } = useTranslation();
  const verification = useQuery({
    queryKey: ['security', 'verification', action],
    queryFn: async () => dataOf(await api.get<Verification>('/api/security/getsecurityverification', { query: { action } })) ?? null,
  });
  const methods = (verification.data?.methods ?? ['email']).filter((m) => !skip.includes(m));
  return (
    <div className="security-verification" data-testid={`verification-${action}`}>
      {methods.map((factor) => (
        <CodeField
          key={factor}
          factor={factor}
          action={action}
          target={factor === 'email' ? verification.data?.email : factor === 'sms' ? verification.data?.phone : factor === 'telegram' ? verification.data?.telegram : undefined}
          value={value[`${factor}_code` as keyof SecurityCodes] ?? ''}
          onChange={(code) => onChange({ ...value, [`${factor}_code`]: code })}
          label={t(`verify.${factor}`)}
        />
      ))}
    </div>
  );
}

function CodeField({
  factor,
  action,
  target,
  value,
  onChange,
  label,
}: {
  factor: SecurityFactor;
  action: SecurityAction;
  target: string | undefined;
  value: string;
  onChange: (code: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const send = async () => {
    const answer =
      factor === 'email'
        ? await api.post<{ resend_in: number }>('/api/security/sendemailcode', { action }, { userTriggered: true })
        : factor === 'sms'
          ? await api.get<{ resend_in: number }>('/api/security/sendphonecode', { query: { action }, userTriggered: true })
          : await api.get<{ resend_in: number }>('/api/security/requestverify', { query: { type: 'telegram', action }, userTriggered: true });
    if ('code' in answer && answer.code === 200) countdown.start(answer.data.resend_in || 60);
  };
  return (
    <Form.Item label={target ? `${label} (${target})` : label}>
      <Space.Compact block>
        <Input
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          data-testid={`verify-${factor}-code`}
        />
        {factor === 'google' ? null : (
          <Button onClick={() => void send()} disabled={countdown.left > 0} data-testid={`verify-${factor}-send`}>
            {countdown.left > 0 ? t('verify.resendIn', { seconds: countdown.left }) : t('verify.send')}
          </Button>
        )}
      </Space.Compact>
    </Form.Item>
  );
}
