import {
  COUNTRIES,
  countryName,
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  secondFactorChallengeSchema,
  type SocialProviders,
  type UserInfo,
} from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Result, Select, Space, Tabs } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api, currentLang, dataOf } from '../../api/index.ts';
import { AccountCard, CaptchaField, fieldErrors, SubmitButton, TelegramWidget, useCaptcha, useFinishSignIn } from './shared.tsx';

type Method = 'email' | 'account' | 'phone';

/** Shows these field errors and clears every other field's earlier one. */
export function setErrors(form: ReturnType<typeof Form.useForm>[0], errors: Record<string, string>) {
  const cleared = form.getFieldsError().map((field) => ({ name: field.name, errors: [] as string[] }));
  form.setFields([...cleared, ...Object.entries(errors).map(([name, message]) => ({ name, errors: [message] }))]);
}

export function CountrySelect({ value, onChange, testId }: { value?: string; onChange?: (value: string) => void; testId: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <Select
      showSearch
      value={value}
      onChange={onChange}
      placeholder={t('auth.nationality')}
      optionFilterProp="label"
      data-testid={testId}
      options={COUNTRIES.map((c) => ({ value: c.country_code, label: `${countryName(c, lang)} (+${c.phone_code.replace(/^00/, '')})` }))}
    />
  );
}

/** /request: sign in by e-mail, account name or phone, then the authenticator code when bound. */
export function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [method, setMethod] = useState<Method>('email');
  const captcha = useCaptcha();
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const finish = useFinishSignIn();
  const providers = useQuery({
    queryKey: ['user', 'socialproviders'],
    queryFn: async () => dataOf(await api.get<SocialProviders>('/api/user/socialproviders')) ?? null,
  });

  const submit = async (values: Record<string, string>) => {
    const body = { method, ...values, session: captcha.session, captcha: captcha.answer };
    const parsed = loginBody.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      if (errors.captcha || errors.session) errors.captcha = errors.captcha ?? errors.session ?? '';
      setErrors(form, errors);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.post<unknown>('/api/user/login', parsed.data, { userTriggered: true });
      if ('code' in answer && answer.code === 200) return finish(answer.data as UserInfo);
      if ('code' in answer && answer.code === 1030) {
        const data = secondFactorChallengeSchema.safeParse(answer.data);
        if (data.success) setChallenge(data.data.challenge);
        return;
      }
      await captcha.refresh();
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    if (!challenge) return;
    setBusy(true);
    try {
      const answer = await api.post<UserInfo>('/api/user/login/verify', { challenge, code: code.trim() }, { userTriggered: true });
      if ('code' in answer && answer.code === 200) finish(answer.data);
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <AccountCard title={t('auth.secondFactorTitle')} testId="login-2fa">
        <p className="account-card__hint">{t('auth.secondFactorHint')}</p>
        <Form layout="vertical" onFinish={() => void verify()}>
          <Form.Item label={t('auth.googleCode')}>
            <Input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" maxLength={6} autoFocus autoComplete="one-time-code" data-testid="login-2fa-code" />
          </Form.Item>
          <SubmitButton loading={busy} testId="login-2fa-submit">
            {t('auth.verify')}
          </SubmitButton>
        </Form>
        <Button type="link" onClick={() => setChallenge(null)} data-testid="login-2fa-back">
          {t('auth.backToLogin')}
        </Button>
      </AccountCard>
    );
  }

  return (
    <AccountCard
      title={t('auth.loginTitle')}
      testId="login-page"
      footer={
        <Space split="·" wrap>
          <Link to="/register" data-testid="login-register-link">
            {t('auth.noAccount')}
          </Link>
          <Link to="/request/forgot" data-testid="login-forgot-link">
            {t('auth.forgot')}
          </Link>
        </Space>
      }
    >
      <Tabs
        activeKey={method}
        onChange={(key) => {
          setMethod(key as Method);
          form.resetFields();
        }}
        items={(['email', 'account', 'phone'] as const).map((key) => ({ key, label: <span data-testid={`login-method-${key}`}>{t(`auth.method.${key}`)}</span> }))}
      />
      <Form form={form} layout="vertical" onFinish={(values: Record<string, string>) => void submit(values)} requiredMark={false}>
        {method === 'email' ? (
          <Form.Item name="email" label={t('auth.email')}>
            <Input autoComplete="email" data-testid="login-email" />
          </Form.Item>
        ) : null}
        {method === 'account' ? (
          <Form.Item name="account" label={t('auth.account')}>
            <Input autoComplete="username" data-testid="login-account" />
          </Form.Item>
        ) : null}
        {method === 'phone' ? (
          <>
            <Form.Item name="nationality" label={t('auth.nationality')}>
              <CountrySelect testId="login-nationality" />
            </Form.Item>
            <Form.Item name="phone" label={t('auth.phone')}>
              <Input autoComplete="tel-national" data-testid="login-phone" />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="password" label={t('auth.password')}>
          <Input.Password autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <Form.Item name="captcha" label={t('auth.captcha')}>
          <CaptchaField captcha={captcha} />
        </Form.Item>
        <SubmitButton loading={busy} testId="login-submit">
          {t('auth.login')}
        </SubmitButton>
      </Form>
      {providers.data?.telegram.enabled ? <TelegramLogin botName={providers.data.telegram.bot_name} onSignedIn={finish} /> : null}
    </AccountCard>
  );
}

/** Sign-in through Telegram's Login Widget (only when a bot is configured). */
function TelegramLogin({ botName, onSignedIn }: { botName: string; onSignedIn: (info: UserInfo) => void }) {
  const onAuth = useCallback(
    async (user: Record<string, unknown>) => {
      const answer = await api.post<UserInfo>('/api/user/telegramlogin', user, { userTriggered: true });
      if ('code' in answer && answer.code === 200) onSignedIn(answer.data);
    },
    [onSignedIn],
  );
  return <TelegramWidget botName={botName} onAuth={onAuth} testId="login-telegram" />;
}

/** /register: e-mail, password twice, graphic code, agreement; then 'check your mailbox'. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const captcha = useCaptcha();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (values: Record<string, unknown>) => {
    const parsed = registerBody.safeParse({ ...values, agreement: values.agreement === true, session: captcha.session, captcha: captcha.answer });
    setErrors(form, parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    setBusy(true);
    try {
      const answer = await api.post<unknown>('/api/user/register', parsed.data, { userTriggered: true });
      if ('code' in answer && answer.code === 200) setSentTo(parsed.data.email);
      else await captcha.refresh();
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <AccountCard title={t('auth.registerTitle')} testId="register-done">
        <Result status="success" title={t('auth.checkMailbox')} subTitle={t('auth.activationSent', { email: sentTo })} extra={<Link to="/request">{t('auth.toLogin')}</Link>} />
      </AccountCard>
    );
  }

  return (
    <AccountCard
      title={t('auth.registerTitle')}
      testId="register-page"
      footer={
        <Link to="/request" data-testid="register-login-link">
          {t('auth.haveAccount')}
        </Link>
      }
    >
      <Form form={form} layout="vertical" onFinish={(values: Record<string, unknown>) => void submit(values)} requiredMark={false}>
        <Form.Item name="email" label={t('auth.email')}>
          <Input autoComplete="email" data-testid="register-email" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} extra={t('auth.passwordRule')}>
          <Input.Password autoComplete="new-password" data-testid="register-password" />
        </Form.Item>
        <Form.Item name="confirm_password" label={t('auth.confirmPassword')}>
          <Input.Password autoComplete="new-password" data-testid="register-confirm" />
        </Form.Item>
        <Form.Item name="captcha" label={t('auth.captcha')}>
          <CaptchaField captcha={captcha} />
        </Form.Item>
        <Form.Item name="agreement" valuePropName="checked">
          <Checkbox data-testid="register-agreement">
            {t('auth.agreePrefix')} <Link to="/agreement">{t('footer.agreement')}</Link> {t('auth.and')} <Link to="/privacy">{t('footer.privacy')}</Link>
          </Checkbox>
        </Form.Item>
        <SubmitButton loading={busy} testId="register-submit">
          {t('auth.register')}
        </SubmitButton>
      </Form>
    </AccountCard>
  );
}

/** /register/activate?token=…: activates once; 'Link expired' or 'Account activation failed' otherwise. */
export function ActivatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const answer = await api.post<{ email: string }>('/api/user/activate', { token }, { userTriggered: true, quiet: true });
      if ('code' in answer && answer.code === 200) setState({ ok: true, text: t('auth.activated', { email: answer.data.email }) });
      else setState({ ok: false, text: 'msg' in answer && answer.msg ? answer.msg : t('auth.activationFailed') });
    })().catch(() => setState({ ok: false, text: t('auth.activationFailed') }));
  }, [token, t]);
  return (
    <AccountCard title={t('auth.activateTitle')} testId="activate-page">
      {state ? (
        <Result
          status={state.ok ? 'success' : 'error'}
          title={<span data-testid={state.ok ? 'activate-success' : 'activate-failed'}>{state.text}</span>}
          extra={
            <Link to="/request" data-testid="activate-login-link">
              <Button type="primary">{t('auth.toLogin')}</Button>
            </Link>
          }
        />
      ) : (
        <Result status="info" title={t('auth.activating')} />
      )}
    </AccountCard>
  );
}

/** /request/forgot: the same answer for known and unknown e-mails. */
export function ForgotPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const captcha = useCaptcha();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const submit = async (values: Record<string, string>) => {
    const parsed = forgotPasswordBody.safeParse({ ...values, session: captcha.session, captcha: captcha.answer });
    if (!parsed.success) return setErrors(form, fieldErrors(parsed.error));
    setBusy(true);
    try {
      const answer = await api.post('/api/user/forgotpassword', parsed.data, { userTriggered: true });
      if ('code' in answer && answer.code === 200) setDone(true);
      else await captcha.refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <AccountCard title={t('auth.forgotTitle')} testId="forgot-page" footer={<Link to="/request">{t('auth.backToLogin')}</Link>}>
      {done ? (
        <Alert type="success" showIcon message={t('auth.resetSent')} data-testid="forgot-done" />
      ) : (
        <Form form={form} layout="vertical" onFinish={(values: Record<string, string>) => void submit(values)} requiredMark={false}>
          <Form.Item name="email" label={t('auth.email')}>
            <Input autoComplete="email" data-testid="forgot-email" />
          </Form.Item>
          <Form.Item name="captcha" label={t('auth.captcha')}>
            <CaptchaField captcha={captcha} />
          </Form.Item>
          <SubmitButton loading={busy} testId="forgot-submit">
            {t('auth.sendResetLink')}
          </SubmitButton>
        </Form>
      )}
    </AccountCard>
  );
}

/** /request/reset?token=…: a new password, once. */
export function ResetPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const submit = async (values: Record<string, string>) => {
    const parsed = resetPasswordBody.safeParse({ ...values, token: params.get('token') ?? '' });
    if (!parsed.success) return setErrors(form, fieldErrors(parsed.error));
    setBusy(true);
    try {
      const answer = await api.post('/api/user/resetpassword', parsed.data, { userTriggered: true });
      if ('code' in answer && answer.code === 200) setDone(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AccountCard title={t('auth.resetTitle')} testId="reset-page">
      {done ? (
        <Result
          status="success"
          title={<span data-testid="reset-done">{t('auth.resetDone')}</span>}
          extra={
            <Link to="/request">
              <Button type="primary">{t('auth.toLogin')}</Button>
            </Link>
          }
        />
      ) : (
        <Form form={form} layout="vertical" onFinish={(values: Record<string, string>) => void submit(values)} requiredMark={false}>
          <Form.Item name="password" label={t('auth.newPassword')} extra={t('auth.passwordRule')}>
            <Input.Password autoComplete="new-password" data-testid="reset-password" />
          </Form.Item>
          <Form.Item name="confirm_password" label={t('auth.confirmPassword')}>
            <Input.Password autoComplete="new-password" data-testid="reset-confirm" />
          </Form.Item>
          <SubmitButton loading={busy} testId="reset-submit">
            {t('auth.resetSubmit')}
          </SubmitButton>
        </Form>
      )}
    </AccountCard>
  );
}
