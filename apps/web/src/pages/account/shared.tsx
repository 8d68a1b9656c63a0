import { ReloadOutlined } from '@ant-design/icons';
import { accountEndpoints, devEndpoints, errorMessageByName, isErrorName, securityEndpoints, type Lang, type TelegramAuth, type UserInfo } from '@platter/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Tooltip, Typography, type FormInstance } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { api, currentLang, dataOf } from '../../api/index.ts';
import { queryKeys } from '../../api/queries.ts';
import { appStore } from '../../state/store.ts';

/** The centred card of the account pages (sign-in, registration, password reset). */
export function AccountCard({ title, testId, children, footer }: { title: string; testId: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="page page--narrow account-page" data-testid={testId}>
      <Card className="account-card">
        <Typography.Title level={2} className="account-card__title">
          {title}
        </Typography.Title>
        {children}
        {footer ? <div className="account-card__footer">{footer}</div> : null}
      </Card>
    </div>
  );
}

/** The two requestsession calls: the account pages' and the security centre's. */
const CAPTCHA_SESSIONS = { user: accountEndpoints.requestsession, security: securityEndpoints.requestsession };

/** A graphic code: the session from requestsession, its image (click for a new one) and the answer. */
export function useCaptcha(scope: keyof typeof CAPTCHA_SESSIONS = 'user') {
  const [answer, setAnswer] = useState('');
  // A new session on every mount (gcTime 0) and on every refresh; never shared between forms.
  const query = useQuery({
    queryKey: ['captcha', scope],
    queryFn: async () => dataOf(await api.send(CAPTCHA_SESSIONS[scope]))?.session ?? '',
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  const { refetch } = query;
  const refresh = useCallback(async () => {
    setAnswer('');
    await refetch();
  }, [refetch]);
  return { session: query.data ?? '', answer, setAnswer, refresh };
}

export function CaptchaField({ captcha }: { captcha: ReturnType<typeof useCaptcha> }) {
  const { t } = useTranslation();
  return (
    <div className="captcha">
      <Input
        value={captcha.answer}
        onChange={(e) => captcha.setAnswer(e.target.value)}
        placeholder={t('auth.captcha')}
        maxLength={4}
        autoComplete="off"
        data-testid="captcha-input"
        aria-label={t('auth.captcha')}
      />
      <Tooltip title={t('auth.captchaRefresh')}>
        <button type="button" className="captcha__image" onClick={() => void captcha.refresh()} data-testid="captcha-image" data-session={captcha.session}>
          {captcha.session ? <img src={`/api/user/verificationcode?session=${encodeURIComponent(captcha.session)}`} alt={t('auth.captcha')} /> : <ReloadOutlined />}
        </button>
      </Tooltip>
    </div>
  );
}

/** Field errors of a shared zod schema, in the interface language (catalogue names are translated). */
export function fieldErrors(error: z.ZodError, lang: Lang = currentLang()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (out[field]) continue;
    out[field] = isErrorName(issue.message) ? errorMessageByName(issue.message, lang) : errorMessageByName('INVALID_PARAMETER', lang);
  }
  return out;
}

/** Shows these field errors and clears every other field's earlier one. */
export function setErrors(form: FormInstance, errors: Record<string, string>): void {
  const cleared = form.getFieldsError().map((field) => ({ name: field.name, errors: [] as string[] }));
  form.setFields([...cleared, ...Object.entries(errors).map(([name, message]) => ({ name, errors: [message] }))]);
}

/**
 * Outside production the server keeps every mail in its development mailbox: the 'check your
 * mailbox' states link there so that a person running `npm start` can open their link.
 * Nothing shows where the server has no mailbox (production answers 404).
 */
export function DevMailboxLink({ to }: { to: string }) {
  const { t } = useTranslation();
  const available = useQuery({
    queryKey: ['dev', 'mailbox', 'available'],
    queryFn: async () => {
      try {
        const answer = await api.send(devEndpoints.mailbox, { limit: 1 }, { quiet: true });
        return dataOf(answer) !== undefined;
      } catch {
        return false;
      }
    },
    staleTime: Infinity,
  });
  if (!available.data) return null;
  return (
    <Link to={`/dev/mailbox?to=${encodeURIComponent(to)}`} data-testid="dev-mailbox-link">
      {t('dev.openMailbox')}
    </Link>
  );
}

/** After a sign-in: store the user, then go where the visitor came from (or the admin area). */
export function useFinishSignIn(): (info: UserInfo) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (info: UserInfo) => {
      appStore.setUserInfo(info);
      queryClient.setQueryData(queryKeys.userInfo, info);
      const from = (location.state as { from?: unknown } | null)?.from;
      const target = info.redirect_url ? '/admin' : typeof from === 'string' && from.startsWith('/') ? from : '/';
      void navigate(target, { replace: true });
    },
    [queryClient, navigate, location.state],
  );
}

export function SubmitButton({ loading, testId, children }: { loading: boolean; testId: string; children: ReactNode }) {
  return (
    <Button type="primary" htmlType="submit" block size="large" loading={loading} data-testid={testId}>
      {children}
    </Button>
  );
}

/**
 * Telegram's Login Widget (its script comes from telegram.org, so it shows only where the
 * browser can reach it); `onAuth` receives the signed data, which the server checks.
 */
export function TelegramWidget({ botName, onAuth, testId }: { botName: string; onAuth: (user: TelegramAuth) => Promise<void>; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const holder = box.current;
    if (!holder) return;
    const callback = `platterTelegram${Math.random().toString(36).slice(2)}`;
    (window as unknown as Record<string, unknown>)[callback] = (user: TelegramAuth) => void onAuth(user);
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.async = true;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-onauth', `${callback}(user)`);
    holder.appendChild(script);
    return () => {
      holder.innerHTML = '';
      delete (window as unknown as Record<string, unknown>)[callback];
    };
  }, [botName, onAuth]);
  return <div className="account-card__social" ref={box} data-testid={testId} />;
}

/**
 * A new password entered twice (registration, reset, change): the rule under the first field,
 * the shared schema's check of both when the form is submitted.
 */
export function NewPasswordFields({ name, label, testIds }: { name: 'password' | 'new_password'; label: string; testIds: [string, string] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={name} label={label} extra={t('auth.passwordRule')}>
        <Input.Password autoComplete="new-password" data-testid={testIds[0]} />
      </Form.Item>
      <Form.Item name="confirm_password" label={t('auth.confirmPassword')}>
        <Input.Password autoComplete="new-password" data-testid={testIds[1]} />
      </Form.Item>
    </>
  );
}
