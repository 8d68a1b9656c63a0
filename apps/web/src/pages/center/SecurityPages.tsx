import { accountEndpoints, type TelegramAuth } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { api, dataOf } from '../../api/index.ts';
import { userInfoQuery } from '../../api/queries.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { TelegramWidget } from '../account/shared.tsx';
import { BindGoogleDialog, ChangePasswordDialog, PhoneDialog, VerifiedAction } from './securityDialogs.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { SessionsCard } from './Sessions.tsx';
import { SecurityKeyCard } from '../watcher/SecurityKeyCard.tsx';
import { Bound, LevelTag } from './shared.tsx';

// The centre's other pages live in their own files; the routes load them with this chunk.
export { LoginHistoryPage } from './LoginHistory.tsx';
export { PersonalCentre } from './PersonalCentre.tsx';

/** /security, /center/security, /center/security/phone: the security centre. */
export function SecurityPage() {
  const { t } = useTranslation();
  const { data: info } = useQuery(userInfoQuery);
  const location = useLocation();
  const [open, setOpen] = useState<null | 'password' | 'google' | 'unbindGoogle' | 'phone' | 'unbindTelegram'>(location.pathname.endsWith('/phone') ? 'phone' : null);
  const [telegramData, setTelegramData] = useState<TelegramAuth | null>(null);
  const providers = useQuery({
    queryKey: ['user', 'socialproviders'],
    queryFn: async () => dataOf(await api.send(accountEndpoints.socialproviders)) ?? null,
  });
  const onTelegramAuth = useCallback(async (user: TelegramAuth) => setTelegramData(user), []);
  const navigate = useNavigate();
  // /center/security/phone opens the phone dialog; closing it leaves that address too.
  const closePhone = () => {
    setOpen(null);
    if (location.pathname.endsWith('/phone')) void navigate('/center/security', { replace: true });
  };
  if (!info) return null;
  // The server sends 0 unless withdrawals are locked now.
  const lockedUntil = info.withdraw_locked_until;
  return (
    <div className="page page--narrow" data-testid="security-page">
      <PageHeading title={t('security.title')}>
        {t('security.levelLabel')} <LevelTag level={info.security_level} />
      </PageHeading>
      {lockedUntil ? (
        <p className="security-lock" data-testid="withdraw-locked">
          {t('security.withdrawLocked', { time: formatDateTime(lockedUntil) })}
        </p>
      ) : null}
      <div className="security-list">
        <SecurityItem
          title={t('security.password')}
          hint={t('security.passwordHint')}
          action={
            <Button onClick={() => setOpen('password')} data-testid="security-change-password">
              {t('security.change')}
            </Button>
          }
        />
        <SecurityItem
          title={t('security.google')}
          state={<Bound on={info.goole_auth} testId="google-state" />}
          hint={t('security.googleHint')}
          action={
            info.goole_auth ? (
              <Button danger onClick={() => setOpen('unbindGoogle')} data-testid="security-unbind-google">
                {t('security.unbind')}
              </Button>
            ) : (
              <Button type="primary" onClick={() => setOpen('google')} data-testid="security-bind-google">
                {t('security.bind')}
              </Button>
            )
          }
        />
        <SecurityItem
          title={t('security.phone')}
          state={<Bound on={info.sms} testId="phone-state" />}
          value={info.phone}
          hint={t('security.phoneHint')}
          action={
            <Button onClick={() => setOpen('phone')} data-testid="security-phone">
              {info.sms ? t('security.change') : t('security.bind')}
            </Button>
          }
        />
        {providers.data?.telegram.enabled ? (
          <SecurityItem
            title="Telegram"
            state={<Bound on={info.telegram} testId="telegram-state" />}
            value={info.telegram_name}
            hint={t('security.telegramHint')}
            action={
              info.telegram ? (
                <Button danger onClick={() => setOpen('unbindTelegram')} data-testid="security-unbind-telegram">
                  {t('security.unbind')}
                </Button>
              ) : (
                <TelegramWidget botName={providers.data.telegram.bot_name} onAuth={onTelegramAuth} testId="security-bind-telegram" />
              )
            }
          />
        ) : null}
        <SecurityItem title={t('security.email')} state={<Bound on testId="email-state" />} value={info.email} />
        <SecurityItem
          title={t('security.profile')}
          hint={t('security.profileHint')}
          action={
            <Link to="/center" data-testid="security-profile-link">
              <Button>{t('security.change')}</Button>
            </Link>
          }
        />
        <SecurityItem
          title={t('security.history')}
          hint={t('security.historyHint')}
          action={
            <Link to="/center/history" data-testid="security-history-link">
              <Button>{t('security.view')}</Button>
            </Link>
          }
        />
      </div>
      <SecurityKeyCard />
      <SessionsCard />
      {open === 'password' ? <ChangePasswordDialog google={info.goole_auth} onClose={() => setOpen(null)} /> : null}
      {open === 'google' ? <BindGoogleDialog onClose={() => setOpen(null)} /> : null}
      {open === 'unbindGoogle' ? (
        <VerifiedAction call={{ action: 'unbind_google' }} title={t('security.unbindGoogle')} done={t('security.googleUnbound')} onClose={() => setOpen(null)} danger />
      ) : null}
      {open === 'phone' ? <PhoneDialog current={info.phone} onClose={closePhone} /> : null}
      {open === 'unbindTelegram' ? (
        <VerifiedAction call={{ action: 'unbind_telegram' }} title={t('security.unbindTelegram')} done={t('security.telegramUnbound')} onClose={() => setOpen(null)} danger />
      ) : null}
      {telegramData ? (
        <VerifiedAction
          call={{ action: 'bind_telegram', telegram: telegramData }}
          title={t('security.bindTelegram')}
          done={t('security.telegramBound')}
          onClose={() => setTelegramData(null)}
        />
      ) : null}
    </div>
  );
}

/** One line of the security centre: what it is, its state, a hint, and what can be done. */
function SecurityItem({ title, state, value, hint, action }: { title: string; state?: ReactNode; value?: string; hint?: string; action?: ReactNode }) {
  return (
    <Card size="small" className="security-item">
      <div className="security-item__row">
        <div>
          <strong>{title}</strong> {state} {value ? <span className="security-item__value">{value}</span> : null}
          {hint ? <div className="security-item__hint">{hint}</div> : null}
        </div>
        {action}
      </div>
    </Card>
  );
}
