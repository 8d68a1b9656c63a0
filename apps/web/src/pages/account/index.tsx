import {
  accountEndpoints,
  activateBody,
  forgotPasswordBody,
  linkTokenField,
  loginBody,
  loginVerifyBody,
  registerBody,
  resetPasswordBody,
  secondFactorChallengeSchema,
  type TelegramAuth,
  type UserInfo,
} from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Divider, Form, Input, Result, Space, Spin, Tabs } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { checkRegistrationOpen } from '../../api/endpoints.ts';
import { useRegisterAction } from '../../app/session.tsx';
import { CodeInput } from '../../components/SecurityVerification.tsx';
import { api, dataOf, type ApiAnswer } from '../../api/index.ts';
import { PhoneFields } from './countries.tsx';
import { AccountCard, CaptchaField, DevMailboxLink, fieldErrors, NewPasswordFields, setErrors, SubmitButton, TelegramWidget, useCaptcha, useFinishSignIn } from './shared.tsx';
import { useRegisterInvite } from '../invite/RegisterInvite.tsx';

type Method = 'email' | 'account' | 'phone';

/** /request: sign in by e-mail, account name or phone, then the authenticator code when bound. */
export function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [method, setMethod] = useState<Method>('email');
  const captcha = useCaptcha();
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const finish = useFinishSignIn();
  const { openRegister } = useRegisterAction();
  const providers = useQuery({
    queryKey: ['user', 'socialproviders'],
    queryFn: async () => dataOf(await api.send(accountEndpoints.socialproviders)) ?? null,
  });

  /** A first-factor answer: signed in (200) or the authenticator step (1030); false otherwise. */
  const afterFirstFactor = useCallback(
    (answer: ApiAnswer<unknown>): boolean => {
      if (!('code' in answer)) return false;
      if (answer.code === 200) {
        finish(answer.data as UserInfo);
        return true;
      }
      if (answer.code !== 1030) return false;
      const data = secondFactorChallengeSchema.safeParse(answer.data);
      if (data.success) setChallenge(data.data.challenge);
      return data.success;
    },
    [finish],
  );

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
      const answer = await api.send(accountEndpoints.login, parsed.data, { userTriggered: true });
      if (!afterFirstFactor(answer)) await captcha.refresh();
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    if (!challenge) return;
    const parsed = loginVerifyBody.safeParse({ challenge, code: code.trim() });
    setCodeError(parsed.success ? null : (fieldErrors(parsed.error).code ?? null));
    if (!parsed.success) return;
    setBusy(true);
    try {
      const answer = await api.send(accountEndpoints.verify, parsed.data, { userTriggered: true });
      if ('code' in answer && answer.code === 200) finish(answer.data);
      // An expired or spent challenge (1045): start again from the password.
      else if ('code' in answer && answer.code === 1045) leaveChallenge();
      else setCode('');
    } finally {
      setBusy(false);
    }
  };

  const leaveChallenge = () => {
    setChallenge(null);
    setCode('');
    setCodeError(null);
    void captcha.refresh();
  };

  if (challenge) {
    return (
      <AccountCard title={t('auth.secondFactorTitle')} testId="login-2fa">
        <p className="account-card__hint">{t('auth.secondFactorHint')}</p>
        <Form layout="vertical" size="large" onFinish={() => void verify()}>
          <Form.Item label={t('auth.googleCode')} validateStatus={codeError ? 'error' : undefined} help={codeError}>
            <CodeInput value={code} onChange={setCode} autoFocus testId="login-2fa-code" />
          </Form.Item>
          <SubmitButton loading={busy} testId="login-2fa-submit">
            {t('auth.verify')}
          </SubmitButton>
        </Form>
        <Button type="link" block onClick={leaveChallenge} className="account-card__back" data-testid="login-2fa-back">
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
        <Space separator="·" wrap>
          <a
            href="/register"
            onClick={(event) => {
              // The registration link checks availability first (spec doc 2 §4).
              event.preventDefault();
              void openRegister();
            }}
            data-testid="login-register-link"
          >
            {t('auth.noAccount')}
          </a>
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
      <Form form={form} layout="vertical" size="large" onFinish={(values: Record<string, string>) => void submit(values)} requiredMark={false}>
        {method === 'email' ? (
          <Form.Item name="email" label={t('auth.email')}>
            <Input autoComplete="email" inputMode="email" data-testid="login-email" />
          </Form.Item>
        ) : null}
        {method === 'account' ? (
          <Form.Item name="account" label={t('auth.account')}>
            <Input autoComplete="username" data-testid="login-account" />
          </Form.Item>
        ) : null}
        {method === 'phone' ? <PhoneFields phoneLabel={t('auth.phone')} testIds={['login-nationality', 'login-phone']} /> : null}
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
      {providers.data?.telegram.enabled ? (
        <>
          <Divider plain className="account-card__divider">
            {t('auth.orSocial')}
          </Divider>
          <TelegramLogin botName={providers.data.telegram.bot_name} onAnswer={afterFirstFactor} />
        </>
      ) : null}
    </AccountCard>
  );
}

/** Sign-in through Telegram's Login Widget (only when a bot is configured). */
function TelegramLogin({ botName, onAnswer }: { botName: string; onAnswer: (answer: ApiAnswer<unknown>) => boolean }) {
  const onAuth = useCallback(
    async (user: TelegramAuth) => {
      onAnswer(await api.send(accountEndpoints.telegramlogin, user, { userTriggered: true }));
    },
    [onAnswer],
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
  // Someone can reach /register without the header's check (a bookmark): ask here too.
  const open = useQuery({ queryKey: ['user', 'checkRegister'], queryFn: () => checkRegistrationOpen(), staleTime: 0, gcTime: 0 });
  const invite = useRegisterInvite();

  const submit = async (values: Record<string, unknown>) => {
    const parsed = registerBody.safeParse({
      ...values,
      agreement: values.agreement === true,
      session: captcha.session,
      captcha: captcha.answer,
      ...(invite.invite ? { invite: invite.invite } : {}),
    });
    setErrors(form, parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    setBusy(true);
    try {
      const answer = await api.send(accountEndpoints.register, parsed.data, { userTriggered: true });
      if ('code' in answer && answer.code === 200) setSentTo(parsed.data.email);
      else await captcha.refresh();
    } finally {
      setBusy(false);
    }
  };

  if (open.data === false) {
    return (
      <AccountCard title={t('auth.registerTitle')} testId="register-closed">
        <Result
          status="warning"
          title={t('register.unavailableTitle')}
          subTitle={t('register.unavailable')}
          extra={
            <Link to="/">
              <Button>{t('common.backHome')}</Button>
            </Link>
          }
        />
      </AccountCard>
    );
  }

  if (sentTo) {
    return (
      <AccountCard title={t('auth.registerTitle')} testId="register-done">
        <Result
          status="success"
          title={t('auth.checkMailbox')}
          subTitle={t('auth.activationSent', { email: sentTo })}
          extra={
            <Space orientation="vertical" size="middle">
              <Link to="/request">
                <Button type="primary">{t('auth.toLogin')}</Button>
              </Link>
              <DevMailboxLink to={sentTo} />
            </Space>
          }
        />
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
      {invite.notice}
      <Form form={form} layout="vertical" size="large" onFinish={(values: Record<string, unknown>) => void submit(values)} requiredMark={false}>
        <Form.Item name="email" label={t('auth.email')}>
          <Input autoComplete="email" inputMode="email" data-testid="register-email" />
        </Form.Item>
        <NewPasswordFields name="password" label={t('auth.password')} testIds={['register-password', 'register-confirm']} />
        <Form.Item name="captcha" label={t('auth.captcha')}>
          <CaptchaField captcha={captcha} />
        </Form.Item>
        <Form.Item name="agreement" valuePropName="checked">
          <Checkbox data-testid="register-agreement">
            {t('auth.agreePrefix')}{' '}
            <Link to="/agreement" target="_blank" data-testid="register-agreement-link">
              {t('auth.minersAgreement')}
            </Link>{' '}
            {t('auth.and')}{' '}
            <Link to="/privacy" target="_blank" data-testid="register-privacy-link">
              {t('footer.privacy')}
            </Link>
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
  const wellFormed = activateBody.safeParse({ token }).success;
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(wellFormed ? null : { ok: false, text: t('auth.activationFailed') });
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !wellFormed) return;
    started.current = true;
    void (async () => {
      // Quiet: the page itself shows the outcome in words.
      const answer = await api.send(accountEndpoints.activate, { token }, { userTriggered: true, quiet: true });
      if ('code' in answer && answer.code === 200) setState({ ok: true, text: t('auth.activated', { email: answer.data.email }) });
      else setState({ ok: false, text: 'msg' in answer && answer.msg ? answer.msg : t('auth.activationFailed') });
    })().catch(() => setState({ ok: false, text: t('auth.activationFailed') }));
  }, [token, wellFormed, t]);
  return (
    <AccountCard title={t('auth.activateTitle')} testId="activate-page">
      {state ? (
        <Result
          status={state.ok ? 'success' : 'error'}
          title={<span data-testid={state.ok ? 'activate-success' : 'activate-failed'}>{state.text}</span>}
          subTitle={state.ok ? null : t('auth.activationRetry')}
          extra={
            <Space wrap>
              <Link to="/request" data-testid="activate-login-link">
                <Button type="primary">{t('auth.toLogin')}</Button>
              </Link>
              {state.ok ? null : (
                <Link to="/register" data-testid="activate-register-link">
                  <Button>{t('auth.registerAgain')}</Button>
                </Link>
              )}
            </Space>
          }
        />
      ) : (
        <Result icon={<Spin size="large" />} title={t('auth.activating')} />
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
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = async (values: Record<string, string>) => {
    const parsed = forgotPasswordBody.safeParse({ ...values, session: captcha.session, captcha: captcha.answer });
    setErrors(form, parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    setBusy(true);
    try {
      const answer = await api.send(accountEndpoints.forgotpassword, parsed.data, { userTriggered: true });
      if ('code' in answer && answer.code === 200) setSentTo(parsed.data.email);
      else await captcha.refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <AccountCard
      title={t('auth.forgotTitle')}
      testId="forgot-page"
      footer={
        <Link to="/request" data-testid="forgot-login-link">
          {t('auth.backToLogin')}
        </Link>
      }
    >
      {sentTo ? (
        <Space orientation="vertical" size="middle" className="account-card__block">
          <Alert type="success" showIcon title={t('auth.checkMailbox')} description={t('auth.resetSent')} data-testid="forgot-done" />
          <DevMailboxLink to={sentTo} />
        </Space>
      ) : (
        <>
          <p className="account-card__hint">{t('auth.forgotHint')}</p>
          <Form form={form} layout="vertical" size="large" onFinish={(values: Record<string, string>) => void submit(values)} requiredMark={false}>
            <Form.Item name="email" label={t('auth.email')}>
              <Input autoComplete="email" inputMode="email" data-testid="forgot-email" />
            </Form.Item>
            <Form.Item name="captcha" label={t('auth.captcha')}>
              <CaptchaField captcha={captcha} />
            </Form.Item>
            <SubmitButton loading={busy} testId="forgot-submit">
              {t('auth.sendResetLink')}
            </SubmitButton>
          </Form>
        </>
      )}
    </AccountCard>
  );
}

/** The codes after which a reset link is spent: 228 failed (unknown or used), 229 expired. */
const DEAD_LINK_CODES = new Set([228, 229]);

/** /request/reset?token=…: a new password, once; a used or expired link says so. */
export function ResetPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  // A link without a well-formed token cannot work: say so before any password is typed.
  const [outcome, setOutcome] = useState<{ ok: true } | { ok: false; text: string } | null>(
    linkTokenField.safeParse(token).success ? null : { ok: false, text: t('auth.resetFailed') },
  );
  const submit = async (values: Record<string, string>) => {
    const parsed = resetPasswordBody.safeParse({ ...values, token });
    setErrors(form, parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    setBusy(true);
    try {
      const answer = await api.send(accountEndpoints.resetpassword, parsed.data, { userTriggered: true, quiet: true });
      if (!('code' in answer)) return;
      if (answer.code === 200) setOutcome({ ok: true });
      else if (DEAD_LINK_CODES.has(answer.code)) setOutcome({ ok: false, text: answer.msg });
      else setErrors(form, { password: answer.msg });
    } catch {
      setErrors(form, { password: t('auth.resetFailed') });
    } finally {
      setBusy(false);
    }
  };
  if (outcome) {
    return (
      <AccountCard title={t('auth.resetTitle')} testId="reset-page">
        <Result
          status={outcome.ok ? 'success' : 'error'}
          title={<span data-testid={outcome.ok ? 'reset-done' : 'reset-failed'}>{outcome.ok ? t('auth.resetDone') : outcome.text}</span>}
          subTitle={outcome.ok ? null : t('auth.resetRetry')}
          extra={
            outcome.ok ? (
              <Link to="/request" data-testid="reset-login-link">
                <Button type="primary">{t('auth.toLogin')}</Button>
              </Link>
            ) : (
              <Link to="/request/forgot" data-testid="reset-forgot-link">
                <Button type="primary">{t('auth.requestNewLink')}</Button>
              </Link>
            )
          }
        />
      </AccountCard>
    );
  }
  return (
    <AccountCard title={t('auth.resetTitle')} testId="reset-page">
      <Form form={form} layout="vertical" size="large" onFinish={(values: Record<string, string>) => void submit(values)} requiredMark={false}>
        <NewPasswordFields name="password" label={t('auth.newPassword')} testIds={['reset-password', 'reset-confirm']} />
        <SubmitButton loading={busy} testId="reset-submit">
          {t('auth.resetSubmit')}
        </SubmitButton>
      </Form>
    </AccountCard>
  );
}
