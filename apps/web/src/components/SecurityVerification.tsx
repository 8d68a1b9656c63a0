import { securityEndpoints, CODE_LENGTH, type SecurityAction, type SecurityCodes, type SecurityFactor } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, dataOf } from '../api/index.ts';
import { useCountdown } from '../app/hooks/useCountdown.ts';

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
    queryFn: async () => dataOf(await api.send(securityEndpoints.getsecurityverification, { action })) ?? null,
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
  const countdown = useCountdown();
  const send = async () => {
    const answer =
      factor === 'email'
        ? await api.send(securityEndpoints.sendemailcode, { action }, { userTriggered: true })
        : factor === 'sms'
          ? await api.send(securityEndpoints.sendphonecode, { action }, { userTriggered: true })
          : await api.send(securityEndpoints.requestverify, { type: 'telegram', action }, { userTriggered: true });
    if ('code' in answer && answer.code === 200) countdown.start(answer.data.resend_in || 60);
  };
  return (
    <Form.Item label={target ? `${label} (${target})` : label}>
      {factor === 'google' ? (
        <CodeInput value={value} onChange={onChange} testId={`verify-${factor}-code`} />
      ) : (
        <SendCodeInput
          value={value}
          onChange={onChange}
          left={countdown.left}
          onSend={() => void send()}
          inputTestId={`verify-${factor}-code`}
          sendTestId={`verify-${factor}-send`}
        />
      )}
    </Form.Item>
  );
}

/**
 * A 6-digit code field with its 'send code' button, which counts down (60 s, or what the
 * server says) before another code can be asked for. Works as a Form.Item child too.
 */
export function SendCodeInput({
  value,
  onChange,
  left,
  onSend,
  inputTestId,
  sendTestId,
}: {
  value?: string;
  onChange?: (code: string) => void;
  left: number;
  onSend: () => void;
  inputTestId: string;
  sendTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <Space.Compact block>
      <CodeInput value={value} onChange={onChange} testId={inputTestId} />
      <Button onClick={onSend} disabled={left > 0} className="send-code" data-testid={sendTestId}>
        {left > 0 ? t('verify.resendIn', { seconds: left }) : t('verify.send')}
      </Button>
    </Space.Compact>
  );
}

/** A 6-digit code (SMS, e-mail, authenticator): digits only, offered by the phone's keyboard and autofill. */
export function CodeInput({ value, onChange, testId, autoFocus }: { value?: string; onChange?: (code: string) => void; testId: string; autoFocus?: boolean }) {
  return (
    <Input
      value={value}
      onChange={(e) => onChange?.(e.target.value.replace(/\D/g, ''))}
      inputMode="numeric"
      maxLength={CODE_LENGTH}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      data-testid={testId}
    />
  );
}
