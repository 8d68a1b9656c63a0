import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { modifyPasswordBody, type LoginLogItem, type SecurityAction, type SecurityCodes, type SocialProviders, type UserInfo } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { api, dataOf } from '../../api/index.ts';
import { queryKeys, userInfoQuery } from '../../api/queries.ts';
import { SecurityVerification } from '../../components/SecurityVerification.tsx';
import { appStore } from '../../state/store.ts';
import { CountrySelect, setErrors } from '../account/index.tsx';
import { fieldErrors, TelegramWidget, useCountdown } from '../account/shared.tsx';

const formatTime = (seconds: number) => (seconds ? new Date(seconds * 1000).toLocaleString() : '—');

/** Re-reads user info after a security change (level, bindings, withdrawal lock). */
function useRefreshUser() {
  const queryClient = useQueryClient();
  return async () => {
    const info = dataOf(await api.get<UserInfo>('/api/user/info'));
    if (info) {
      appStore.setUserInfo(info);
      queryClient.setQueryData(queryKeys.userInfo, info);
    }
  };
}

function LevelTag({ level }: { level: UserInfo['security_level'] }) {
  const { t } = useTranslation();
  const color = level === 'high' ? 'green' : level === 'middle' ? 'gold' : 'red';
  return (
    <Tag color={color} data-testid="security-level" data-level={level}>
      {t(`security.level.${level}`)}
    </Tag>
  );
}

function Bound({ on, testId }: { on: boolean; testId: string }) {
  const { t } = useTranslation();
  return on ? (
    <span className="bound bound--on" data-testid={testId} data-bound="true">
      <CheckCircleFilled /> {t('security.bound')}
    </span>
  ) : (
    <span className="bound bound--off" data-testid={testId} data-bound="false">
      <ExclamationCircleFilled /> {t('security.notBound')}
    </span>
  );
}

/** /security, /center/security, /center/security/phone: the security centre. */
export function SecurityPage() {
  const { t } = useTranslation();
  const { data: info } = useQuery(userInfoQuery);
  const location = useLocation();
  const [open, setOpen] = useState<null | 'password' | 'google' | 'unbindGoogle' | 'phone' | 'unbindTelegram'>(location.pathname.endsWith('/phone') ? 'phone' : null);
  const [telegramData, setTelegramData] = useState<Record<string, unknown> | null>(null);
  const providers = useQuery({
    queryKey: ['user', 'socialproviders'],
    queryFn: async () => dataOf(await api.get<SocialProviders>('/api/user/socialproviders')) ?? null,
  });
  const onTelegramAuth = useCallback(async (user: Record<string, unknown>) => setTelegramData(user), []);
  if (!info) return null;
  // The server sends 0 unless withdrawals are locked now.
  const lockedUntil = info.withdraw_locked_until;
  return (
    <div className="page page--narrow" data-testid="security-page">
      <Typography.Title level={1} className="page__title">
        {t('security.title')}
      </Typography.Title>
      <p className="page__subtitle">
        {t('security.levelLabel')} <LevelTag level={info.security_level} />
      </p>
      {lockedUntil ? <p className="security-lock" data-testid="withdraw-locked">{t('security.withdrawLocked', { time: formatTime(lockedUntil) })}</p> : null}
      <div className="security-list">
        <Card size="small" className="security-item">
          <div className="security-item__row">
            <div>
              <strong>{t('security.password')}</strong>
              <div className="security-item__hint">{t('security.passwordHint')}</div>
            </div>
            <Button onClick={() => setOpen('password')} data-testid="security-change-password">
              {t('security.change')}
            </Button>
          </div>
        </Card>
        <Card size="small" className="security-item">
          <div className="security-item__row">
            <div>
              <strong>{t('security.google')}</strong> <Bound on={info.goole_auth} testId="google-state" />
              <div className="security-item__hint">{t('security.googleHint')}</div>
            </div>
            {info.goole_auth ? (
              <Button danger onClick={() => setOpen('unbindGoogle')} data-testid="security-unbind-google">
                {t('security.unbind')}
              </Button>
            ) : (
              <Button type="primary" onClick={() => setOpen('google')} data-testid="security-bind-google">
                {t('security.bind')}
              </Button>
            )}
          </div>
        </Card>
        <Card size="small" className="security-item">
          <div className="security-item__row">
            <div>
              <strong>{t('security.phone')}</strong> <Bound on={info.sms} testId="phone-state" /> {info.phone ? <span className="security-item__value">{info.phone}</span> : null}
              <div className="security-item__hint">{t('security.phoneHint')}</div>
            </div>
            <Button onClick={() => setOpen('phone')} data-testid="security-phone">
              {info.sms ? t('security.change') : t('security.bind')}
            </Button>
          </div>
        </Card>
        {providers.data?.telegram.enabled ? (
          <Card size="small" className="security-item">
            <div className="security-item__row">
              <div>
                <strong>Telegram</strong> <Bound on={info.telegram} testId="telegram-state" /> {info.telegram_name ? <span className="security-item__value">{info.telegram_name}</span> : null}
                <div className="security-item__hint">{t('security.telegramHint')}</div>
              </div>
              {info.telegram ? (
                <Button danger onClick={() => setOpen('unbindTelegram')} data-testid="security-unbind-telegram">
                  {t('security.unbind')}
                </Button>
              ) : (
                <TelegramWidget botName={providers.data.telegram.bot_name} onAuth={onTelegramAuth} testId="security-bind-telegram" />
              )}
            </div>
          </Card>
        ) : null}
        <Card size="small" className="security-item">
          <div className="security-item__row">
            <div>
              <strong>{t('security.email')}</strong> <Bound on testId="email-state" /> <span className="security-item__value">{info.email}</span>
            </div>
          </div>
        </Card>
        <Card size="small" className="security-item">
          <div className="security-item__row">
            <div>
              <strong>{t('security.history')}</strong>
              <div className="security-item__hint">{t('security.historyHint')}</div>
            </div>
            <Link to="/center/history" data-testid="security-history-link">
              <Button>{t('security.view')}</Button>
            </Link>
          </div>
        </Card>
      </div>
      {open === 'password' ? <ChangePasswordDialog onClose={() => setOpen(null)} /> : null}
      {open === 'google' ? <BindGoogleDialog onClose={() => setOpen(null)} /> : null}
      {open === 'unbindGoogle' ? (
        <VerifiedAction action="unbind_google" path="/api/security/unbindgoogle" title={t('security.unbindGoogle')} done={t('security.googleUnbound')} onClose={() => setOpen(null)} danger />
      ) : null}
      {open === 'phone' ? <PhoneDialog onClose={() => setOpen(null)} /> : null}
      {open === 'unbindTelegram' ? (
        <VerifiedAction action="unbind_telegram" path="/api/security/unbindtelegram" title={t('security.unbindTelegram')} done={t('security.telegramUnbound')} onClose={() => setOpen(null)} danger />
      ) : null}
      {telegramData ? (
        <VerifiedAction
          action="bind_telegram"
          path="/api/security/bindtelegram"
          extra={{ telegram: telegramData }}
          title={t('security.bindTelegram')}
          done={t('security.telegramBound')}
          onClose={() => setTelegramData(null)}
        />
      ) : null}
    </div>
  );
}

function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshUser();
  const submit = async (values: Record<string, string>) => {
    const parsed = modifyPasswordBody.safeParse(values);
    setErrors(form, parsed.success ? {} : fieldErrors(parsed.error));
    if (!parsed.success) return;
    setBusy(true);
    try {
      const answer = await api.post('/api/security/ModifyPassword', parsed.data, { userTriggered: true });
      if ('code' in answer && answer.code === 200) {
        void message.success(t('security.passwordChanged'));
        await refresh();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('security.changePassword')} onCancel={onClose} footer={null} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v: Record<string, string>) => void submit(v)} requiredMark={false} data-testid="password-dialog">
        <Form.Item name="old_password" label={t('security.oldPassword')}>
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item name="new_password" label={t('auth.newPassword')} extra={t('auth.passwordRule')}>
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item name="confirm_password" label={t('auth.confirmPassword')}>
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
        <p className="security-item__hint">{t('security.lockNotice')}</p>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="password-submit">
          {t('common.confirm')}
        </Button>
      </Form>
    </Modal>
  );
}

function BindGoogleDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshUser();
  const secret = useQuery({
    queryKey: ['security', 'googlesecret'],
    queryFn: async () => dataOf(await api.get<{ secret: string; qrcode: string }>('/api/security/getgooglesecret', { userTriggered: true })) ?? null,
    gcTime: 0,
    staleTime: Infinity,
  });
  const [googleCode, setGoogleCode] = useState('');
  const [codes, setCodes] = useState<SecurityCodes>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const answer = await api.post('/api/security/bindgoogle', { ...codes, google_code: googleCode }, { userTriggered: true });
      if ('code' in answer && answer.code === 200) {
        void message.success(t('security.googleBound'));
        await refresh();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('security.bindGoogle')} onCancel={onClose} footer={null} destroyOnHidden>
      <Form layout="vertical" onFinish={() => void submit()} data-testid="google-dialog">
        <ol className="google-steps">
          <li>{t('security.googleStep1')}</li>
          <li>
            {t('security.googleStep2')}
            {secret.data ? (
              <div className="google-secret">
                <img src={secret.data.qrcode} alt="QR" width={160} height={160} data-testid="google-qr" />
                <Typography.Text code copyable data-testid="google-secret">
                  {secret.data.secret}
                </Typography.Text>
              </div>
            ) : null}
          </li>
          <li>{t('security.googleStep3')}</li>
        </ol>
        <Form.Item label={t('auth.googleCode')}>
          <Input value={googleCode} onChange={(e) => setGoogleCode(e.target.value.trim())} inputMode="numeric" maxLength={6} data-testid="google-code" />
        </Form.Item>
        <SecurityVerification action="bind_google" value={codes} onChange={setCodes} skip={['google']} />
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="google-submit">
          {t('security.bind')}
        </Button>
      </Form>
    </Modal>
  );
}

/** A dialog that runs one call after the action's security verification. */
function VerifiedAction({
  action,
  path,
  extra = {},
  title,
  done,
  onClose,
  danger = false,
}: {
  action: SecurityAction;
  path: string;
  extra?: Record<string, unknown>;
  title: string;
  done: string;
  onClose: () => void;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshUser();
  const [codes, setCodes] = useState<SecurityCodes>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const answer = await api.post(path, { ...extra, ...codes }, { userTriggered: true });
      if ('code' in answer && answer.code === 200) {
        void message.success(done);
        await refresh();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={title} onCancel={onClose} footer={null} destroyOnHidden>
      <Form layout="vertical" onFinish={() => void submit()} data-testid={`${action}-dialog`}>
        <p className="security-item__hint">{t('security.lockNotice')}</p>
        <SecurityVerification action={action} value={codes} onChange={setCodes} />
        <Button danger={danger} type="primary" htmlType="submit" block loading={busy} data-testid={`${action}-submit`}>
          {t('common.confirm')}
        </Button>
      </Form>
    </Modal>
  );
}

function PhoneDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshUser();
  const [nationality, setNationality] = useState<string>();
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [codes, setCodes] = useState<SecurityCodes>({});
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown();
  const sendToNewPhone = async () => {
    const answer = await api.get<{ resend_in: number }>('/api/security/sendphonecode', {
      query: { action: 'change_phone', nationality: nationality ?? '', phone },
      userTriggered: true,
    });
    if ('code' in answer && answer.code === 200) countdown.start(answer.data.resend_in || 60);
  };
  const submit = async () => {
    setBusy(true);
    try {
      const answer = await api.post('/api/security/modifyphone', { ...codes, nationality: nationality ?? '', phone, sms_code: smsCode }, { userTriggered: true });
      if ('code' in answer && answer.code === 200) {
        void message.success(t('security.phoneBound'));
        await refresh();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('security.bindPhone')} onCancel={onClose} footer={null} destroyOnHidden>
      <Form layout="vertical" onFinish={() => void submit()} data-testid="phone-dialog">
        <Form.Item label={t('auth.nationality')}>
          <CountrySelect value={nationality} onChange={setNationality} testId="phone-nationality" />
        </Form.Item>
        <Form.Item label={t('auth.phone')}>
          <Input value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="tel-national" data-testid="phone-number" />
        </Form.Item>
        <Form.Item label={t('verify.newPhone')}>
          <Space.Compact block>
            <Input value={smsCode} onChange={(e) => setSmsCode(e.target.value.trim())} inputMode="numeric" maxLength={6} data-testid="phone-sms-code" />
            <Button onClick={() => void sendToNewPhone()} disabled={countdown.left > 0 || !nationality || !phone} data-testid="phone-sms-send">
              {countdown.left > 0 ? t('verify.resendIn', { seconds: countdown.left }) : t('verify.send')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <SecurityVerification action="change_phone" value={codes} onChange={setCodes} />
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="phone-submit">
          {t('common.confirm')}
        </Button>
      </Form>
    </Modal>
  );
}

/** /user and /center: the personal centre. */
export function PersonalCentre() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data: info } = useQuery(userInfoQuery);
  const refresh = useRefreshUser();
  const [nickname, setNickname] = useState<string | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  if (!info) return null;
  const saveAccount = async () => {
    const answer = await api.post('/api/user/setaccount', { account: account ?? '' }, { userTriggered: true });
    if ('code' in answer && answer.code === 200) {
      void message.success(t('center.saved'));
      setAccount(null);
      await refresh();
    }
  };
  const saveNickname = async () => {
    const answer = await api.post('/api/user/nickname', { nickname: nickname ?? '' }, { userTriggered: true });
    if ('code' in answer && answer.code === 200) {
      void message.success(t('center.saved'));
      setNickname(null);
      await refresh();
    }
  };
  const last = info.last_login;
  return (
    <div className="page page--narrow" data-testid="personal-centre">
      <Typography.Title level={1} className="page__title">
        {t('center.title')}
      </Typography.Title>
      <Descriptions bordered column={1} size="middle" className="personal-centre">
        <Descriptions.Item label={t('auth.email')}>
          <span data-testid="centre-email">{info.email}</span>
        </Descriptions.Item>
        <Descriptions.Item label="UID">{info.uid}</Descriptions.Item>
        <Descriptions.Item label={t('center.nickname')}>
          {nickname === null ? (
            <Space>
              <span data-testid="centre-nickname">{info.nickname || '—'}</span>
              <Button size="small" onClick={() => setNickname(info.nickname)} data-testid="centre-nickname-edit">
                {t('security.change')}
              </Button>
            </Space>
          ) : (
            <Space.Compact>
              <Input value={nickname} onChange={(e) => setNickname(e.target.value)} maxLength={32} data-testid="centre-nickname-input" />
              <Button type="primary" onClick={() => void saveNickname()} data-testid="centre-nickname-save">
                {t('center.save')}
              </Button>
            </Space.Compact>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('auth.account')}>
          {account === null ? (
            <Space>
              <span data-testid="centre-account">{info.account || '—'}</span>
              <Button size="small" onClick={() => setAccount(info.account)} data-testid="centre-account-edit">
                {info.account ? t('security.change') : t('center.setAccount')}
              </Button>
            </Space>
          ) : (
            <Space.Compact>
              <Input value={account} onChange={(e) => setAccount(e.target.value)} maxLength={16} placeholder={t('center.accountRule')} data-testid="centre-account-input" />
              <Button type="primary" onClick={() => void saveAccount()} data-testid="centre-account-save">
                {t('center.save')}
              </Button>
            </Space.Compact>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('auth.phone')}>{info.phone || <Bound on={false} testId="centre-phone" />}</Descriptions.Item>
        <Descriptions.Item label={t('auth.nationality')}>{info.nationality || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('security.google')}>
          <Bound on={info.goole_auth} testId="centre-google" />
        </Descriptions.Item>
        <Descriptions.Item label="Telegram">
          <Bound on={info.telegram} testId="centre-telegram" />
        </Descriptions.Item>
        <Descriptions.Item label={t('security.levelLabel')}>
          <LevelTag level={info.security_level} />
        </Descriptions.Item>
        <Descriptions.Item label={t('center.lastLogin')}>
          <span data-testid="centre-last-login">{last ? `${formatTime(last.time)} · ${last.ip} · ${last.location} · ${last.device}` : t('center.firstLogin')}</span>
        </Descriptions.Item>
      </Descriptions>
      <Space className="personal-centre__links">
        <Link to="/center/security">
          <Button data-testid="centre-security-link">{t('security.title')}</Button>
        </Link>
        <Link to="/center/history">
          <Button data-testid="centre-history-link">{t('security.history')}</Button>
        </Link>
      </Space>
    </div>
  );
}

/** /center/history: every sign-in attempt, newest first. */
export function LoginHistoryPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const count = 10;
  const history = useQuery({
    queryKey: ['log', 'login', page],
    queryFn: async () => dataOf(await api.get<{ list: LoginLogItem[]; total: number }>('/api/log/login', { query: { page, count } })) ?? { list: [], total: 0 },
  });
  return (
    <div className="page" data-testid="login-history">
      <Typography.Title level={1} className="page__title">
        {t('security.history')}
      </Typography.Title>
      <Table<LoginLogItem>
        rowKey={(row) => `${row.time}-${row.ip}-${row.result}-${row.method}`}
        loading={history.isPending}
        dataSource={history.data?.list ?? []}
        scroll={{ x: 720 }}
        pagination={{ current: page, pageSize: count, total: history.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        onRow={(row) => ({ 'data-testid': 'login-history-row', 'data-result': row.result }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('history.time'), dataIndex: 'time', render: (v: number) => formatTime(v) },
          { title: 'IP', dataIndex: 'ip' },
          { title: t('history.device'), dataIndex: 'device' },
          { title: t('history.location'), dataIndex: 'location' },
          { title: t('history.method'), dataIndex: 'method', render: (v: string) => t(`auth.method.${v}`, { defaultValue: v }) },
          {
            title: t('history.result'),
            dataIndex: 'result',
            render: (v: string) => <Tag color={v === 'success' ? 'green' : 'red'}>{t(`history.results.${v}`)}</Tag>,
          },
        ]}
      />
    </div>
  );
}
