import {
  modifyPasswordBody,
  modifyPhoneBody,
  prevalidateGoogleBody,
  securityEndpoints,
  sendPhoneCodeQuery,
  type SecurityAction,
  type SecurityCodes,
  type TelegramAuth,
} from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, dataOf, isSuccess, type ApiAnswer } from '../../api/index.ts';
import { useCountdown } from '../../app/hooks/useCountdown.ts';
import { CodeInput, SecurityVerification, SendCodeInput } from '../../components/SecurityVerification.tsx';
import { VerificationDialog } from '../../components/VerificationDialog.tsx';
import { PhoneFields } from '../account/countries.tsx';
import { fieldErrors, NewPasswordFields, setErrors } from '../account/shared.tsx';
import { useRefreshUser } from './shared.tsx';

/** The security centre's dialogs: password, authenticator, phone, and any verified action. */

const USER = { userTriggered: true };

/**
 * A security-centre call: `busy` while it runs; on code 200 it says `done` and re-reads user
 * info (level, bindings, withdrawal lock). Errors are surfaced by the client; the answer is
 * returned so a dialog can react to a particular code.
 */
function useSecurityChange() {
  const { message } = App.useApp();
  const refresh = useRefreshUser();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<ApiAnswer<unknown>>, done: string): Promise<ApiAnswer<unknown>> => {
    setBusy(true);
    try {
      const answer = await call();
      if (isSuccess(answer)) {
        void message.success(done);
        await refresh();
      }
      return answer;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** With an authenticator bound, its code is asked too (the server requires it). */
export function ChangePasswordDialog({ google, onClose }: { google: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const change = useSecurityChange();
  const submit = async (values: Record<string, string>) => {
    const parsed = modifyPasswordBody.safeParse(values);
    setErrors(form, parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    if (isSuccess(await change.run(() => api.send(securityEndpoints.modifyPassword, parsed.data, USER), t('security.passwordChanged')))) onClose();
  };
  return (
    <Modal open title={t('security.changePassword')} onCancel={onClose} footer={null} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v: Record<string, string>) => void submit(v)} requiredMark={false} data-testid="password-dialog">
        <Form.Item name="old_password" label={t('security.oldPassword')}>
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <NewPasswordFields name="new_password" label={t('auth.newPassword')} testIds={['password-new', 'password-confirm']} />
        {google ? (
          <Form.Item name="google_code" label={t('auth.googleCode')}>
            <CodeInput testId="password-google" />
          </Form.Item>
        ) : null}
        <p className="security-item__hint">{t('security.lockNotice')}</p>
        <Button type="primary" htmlType="submit" block loading={change.busy} data-testid="password-submit">
          {t('common.confirm')}
        </Button>
      </Form>
    </Modal>
  );
}

/**
 * Binding the authenticator in two steps: scan the new secret and check one code against it
 * (prevalidationgooglesecret binds nothing), then the bind_google verification and bindgoogle.
 */
export function BindGoogleDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const change = useSecurityChange();
  const secret = useQuery({
    queryKey: ['security', 'googlesecret'],
    queryFn: async () => dataOf(await api.send(securityEndpoints.getgooglesecret, undefined, USER)) ?? null,
    gcTime: 0,
    staleTime: Infinity,
  });
  const [step, setStep] = useState<0 | 1>(0);
  const [googleCode, setGoogleCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codes, setCodes] = useState<SecurityCodes>({});
  const [checking, setChecking] = useState(false);

  const backToCode = () => {
    setGoogleCode('');
    setStep(0);
  };

  const checkCode = async () => {
    const parsed = prevalidateGoogleBody.safeParse({ google_code: googleCode });
    setCodeError(parsed.success ? null : (fieldErrors(parsed.error).google_code ?? null));
    if (!parsed.success) return;
    setChecking(true);
    try {
      const answer = await api.send(securityEndpoints.prevalidationgooglesecret, parsed.data, USER);
      if (!('code' in answer)) return;
      if (answer.code === 200) setStep(1);
      // The pending secret expired or had too many wrong tries: a new one to scan.
      else if (answer.code === 1045) {
        setGoogleCode('');
        await secret.refetch();
      }
    } finally {
      setChecking(false);
    }
  };

  const bind = async () => {
    const answer = await change.run(() => api.send(securityEndpoints.bindgoogle, { ...codes, google_code: googleCode }, USER), t('security.googleBound'));
    if (isSuccess(answer)) onClose();
    // The checked code has gone stale meanwhile: ask for the current one.
    else if ('code' in answer && answer.code === 1015) backToCode();
  };

  return (
    <Modal open title={t('security.bindGoogle')} onCancel={onClose} footer={null} destroyOnHidden>
      <Steps
        size="small"
        current={step}
        responsive={false}
        className="google-steps-bar"
        data-testid="google-steps"
        items={[{ title: t('security.googleStepScan') }, { title: t('security.googleStepVerify') }]}
      />
      {step === 0 ? (
        <Form layout="vertical" onFinish={() => void checkCode()} data-testid="google-dialog">
          <ol className="google-steps">
            <li>{t('security.googleStep1')}</li>
            <li>
              {t('security.googleStep2')}
              {secret.data ? (
                <div className="google-secret">
                  <img src={secret.data.qrcode} alt={t('security.googleQr')} width={168} height={168} data-testid="google-qr" />
                  <Typography.Text code copyable data-testid="google-secret" className="google-secret__key">
                    {secret.data.secret}
                  </Typography.Text>
                  <span className="security-item__hint">{t('security.googleBackup')}</span>
                </div>
              ) : null}
            </li>
            <li>{t('security.googleStep3')}</li>
          </ol>
          <Form.Item label={t('auth.googleCode')} validateStatus={codeError ? 'error' : undefined} help={codeError}>
            <CodeInput value={googleCode} onChange={setGoogleCode} testId="google-code" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={checking} disabled={!secret.data} data-testid="google-next">
            {t('security.next')}
          </Button>
        </Form>
      ) : (
        <Form layout="vertical" onFinish={() => void bind()} data-testid="google-dialog">
          <p className="security-item__hint" data-testid="google-code-accepted">
            {t('security.googleCodeAccepted')}
          </p>
          <SecurityVerification action="bind_google" value={codes} onChange={setCodes} skip={['google']} />
          <p className="security-item__hint">{t('security.lockNotice')}</p>
          <div className="dialog-actions">
            <Button onClick={backToCode} data-testid="google-back">
              {t('security.back')}
            </Button>
            <Button type="primary" htmlType="submit" loading={change.busy} data-testid="google-submit">
              {t('security.bind')}
            </Button>
          </div>
        </Form>
      )}
    </Modal>
  );
}

/** What the verification dialog does, by its action: the call and what it sends with the codes. */
export type VerifiedCall = { action: 'unbind_google' } | { action: 'unbind_telegram' } | { action: 'bind_telegram'; telegram: TelegramAuth };

/** The call behind each verified action. */
const VERIFIED_CALLS = {
  unbind_google: (codes: SecurityCodes) => api.send(securityEndpoints.unbindgoogle, codes, USER),
  unbind_telegram: (codes: SecurityCodes) => api.send(securityEndpoints.unbindtelegram, codes, USER),
} satisfies Partial<Record<SecurityAction, (codes: SecurityCodes) => Promise<ApiAnswer<unknown>>>>;

const verifiedCall = (call: VerifiedCall, codes: SecurityCodes) =>
  call.action === 'bind_telegram' ? api.send(securityEndpoints.bindtelegram, { ...codes, telegram: call.telegram }, USER) : VERIFIED_CALLS[call.action](codes);

/**
 * A security-centre call behind the verification dialog: unbinding the authenticator or
 * Telegram, binding Telegram. On success it says so and re-reads user info.
 */
export function VerifiedAction({ call, title, done, onClose, danger = false }: { call: VerifiedCall; title: string; done: string; onClose: () => void; danger?: boolean }) {
  const { t } = useTranslation();
  const change = useSecurityChange();
  return (
    <VerificationDialog
      action={call.action}
      title={title}
      notice={t('security.lockNotice')}
      danger={danger}
      onClose={onClose}
      onSubmit={async (codes) => isSuccess(await change.run(() => verifiedCall(call, codes), done))}
    />
  );
}

/** Binding or changing the phone: the new number's SMS code plus the change_phone verification. */
export function PhoneDialog({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useSecurityChange();
  const [form] = Form.useForm<{ nationality?: string; phone?: string; sms_code?: string }>();
  const [codes, setCodes] = useState<SecurityCodes>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const countdown = useCountdown();
  const sendToNewPhone = async () => {
    const { nationality, phone } = form.getFieldsValue();
    const parsed = sendPhoneCodeQuery.safeParse({ action: 'change_phone', nationality: nationality ?? '', phone: phone ?? '' });
    setErrors(form, parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    const answer = await api.send(securityEndpoints.sendphonecode, parsed.data, USER);
    if ('code' in answer && answer.code === 200) {
      setSentTo(answer.data.to);
      countdown.start(answer.data.resend_in || 60);
    }
  };
  const submit = async () => {
    const parsed = modifyPhoneBody.safeParse({ ...codes, ...form.getFieldsValue() });
    setErrors(form, parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    if (isSuccess(await change.run(() => api.send(securityEndpoints.modifyphone, parsed.data, USER), t('security.phoneBound')))) onClose();
  };
  return (
    <Modal open title={current ? t('security.changePhone') : t('security.bindPhone')} onCancel={onClose} footer={null} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={() => void submit()} requiredMark={false} data-testid="phone-dialog">
        {current ? <p className="security-item__hint">{t('security.currentPhone', { phone: current })}</p> : null}
        <PhoneFields phoneLabel={t('security.newPhone')} testIds={['phone-nationality', 'phone-number']} />
        <Form.Item name="sms_code" label={sentTo ? `${t('verify.newPhone')} (${sentTo})` : t('verify.newPhone')}>
          <SendCodeInput left={countdown.left} onSend={() => void sendToNewPhone()} inputTestId="phone-sms-code" sendTestId="phone-sms-send" />
        </Form.Item>
        <SecurityVerification action="change_phone" value={codes} onChange={setCodes} />
        <p className="security-item__hint">{t('security.lockNotice')}</p>
        <Button type="primary" htmlType="submit" block loading={change.busy} data-testid="phone-submit">
          {t('common.confirm')}
        </Button>
      </Form>
    </Modal>
  );
}
