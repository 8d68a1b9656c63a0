import { accountEndpoints, isLang, LANGS, nicknameBody, setAccountBody } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { api, type ApiAnswer } from '../../api/index.ts';
import { userInfoQuery } from '../../api/queries.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useIsMobile } from '../../app/hooks/useIsMobile.ts';
import { useChangeLanguage } from '../../app/session.tsx';
import { CountryName } from '../account/countries.tsx';
import { fieldErrors } from '../account/shared.tsx';
import { formatDateTime } from '../../lib/time.ts';
import { Bound, LevelTag, useRefreshUser } from './shared.tsx';

const USER = { userTriggered: true };

/** The values changed in place, by field: the shared schema's error, or the call that saves it. */
const SAVES = {
  nickname: (value: string) => {
    const parsed = nicknameBody.safeParse({ nickname: value });
    return parsed.success ? () => api.send(accountEndpoints.nickname, parsed.data, USER) : parsed.error;
  },
  account: (value: string) => {
    const parsed = setAccountBody.safeParse({ account: value });
    return parsed.success ? () => api.send(accountEndpoints.setaccount, parsed.data, USER) : parsed.error;
  },
} satisfies Record<string, (value: string) => z.ZodError | (() => Promise<ApiAnswer<unknown>>)>;

/**
 * One value of the personal centre that the user can change in place (nickname, account
 * name): the shared schema checks it before the call, the server's answer is surfaced.
 */
function EditableValue({
  value,
  field,
  maxLength,
  placeholder,
  editLabel,
  testId,
}: {
  value: string;
  field: keyof typeof SAVES;
  maxLength: number;
  placeholder?: string;
  editLabel: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshUser();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const send = SAVES[field](draft ?? '');
    setError(typeof send === 'function' ? null : (fieldErrors(send)[field] ?? null));
    if (typeof send !== 'function') return;
    setBusy(true);
    try {
      const answer = await send();
      if ('code' in answer && answer.code === 200) {
        void message.success(t('center.saved'));
        setDraft(null);
        await refresh();
      }
    } finally {
      setBusy(false);
    }
  };
  if (draft === null) {
    return (
      <Space wrap>
        <span data-testid={testId}>{value || '—'}</span>
        <Button size="small" onClick={() => setDraft(value)} data-testid={`${testId}-edit`}>
          {editLabel}
        </Button>
      </Space>
    );
  }
  return (
    <div className="editable-value">
      <Space.Compact block>
        <Input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={() => void save()}
          maxLength={maxLength}
          placeholder={placeholder}
          status={error ? 'error' : undefined}
          autoFocus
          data-testid={`${testId}-input`}
        />
        <Button type="primary" loading={busy} onClick={() => void save()} data-testid={`${testId}-save`}>
          {t('center.save')}
        </Button>
        <Button
          onClick={() => {
            setDraft(null);
            setError(null);
          }}
          data-testid={`${testId}-cancel`}
        >
          {t('center.cancel')}
        </Button>
      </Space.Compact>
      {error ? (
        <Typography.Text type="danger" className="editable-value__error" data-testid={`${testId}-error`}>
          {error}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** The account's language: the interface's, saved with SetLanguage (e-mails follow it too). */
function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const refresh = useRefreshUser();
  const current = isLang(i18n.language) ? i18n.language : 'en';
  return (
    <Select
      value={current}
      onChange={(lang) => {
        changeLanguage(lang);
        void refresh();
      }}
      options={LANGS.map((lang) => ({ value: lang, label: t(`lang.${lang}`) }))}
      className="centre-language"
      data-testid="centre-language"
    />
  );
}

/** /user and /center: the personal centre. */
export function PersonalCentre() {
  const { t } = useTranslation();
  const { data: info } = useQuery(userInfoQuery);
  const isMobile = useIsMobile();
  if (!info) return null;
  const last = info.last_login;
  return (
    <div className="page page--narrow" data-testid="personal-centre">
      <PageHeading title={t('center.title')}>
        {t('security.levelLabel')} <LevelTag level={info.security_level} />
      </PageHeading>
      <Descriptions bordered column={1} size={isMobile ? 'small' : 'middle'} layout={isMobile ? 'vertical' : 'horizontal'} className="personal-centre">
        <Descriptions.Item label={t('auth.email')}>
          <span data-testid="centre-email">{info.email}</span>
        </Descriptions.Item>
        <Descriptions.Item label="UID">{info.uid}</Descriptions.Item>
        <Descriptions.Item label={t('center.nickname')}>
          <EditableValue value={info.nickname} field="nickname" maxLength={32} editLabel={t('security.change')} testId="centre-nickname" />
        </Descriptions.Item>
        <Descriptions.Item label={t('auth.account')}>
          <EditableValue
            value={info.account}
            field="account"
            maxLength={16}
            placeholder={t('center.accountRule')}
            editLabel={info.account ? t('security.change') : t('center.setAccount')}
            testId="centre-account"
          />
        </Descriptions.Item>
        <Descriptions.Item label={t('auth.phone')}>
          {info.phone ? <span data-testid="centre-phone">{info.phone}</span> : <Bound on={false} testId="centre-phone" />}
        </Descriptions.Item>
        <Descriptions.Item label={t('auth.nationality')}>
          <span data-testid="centre-nationality">
            <CountryName code={info.nationality} />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('security.google')}>
          <Bound on={info.goole_auth} testId="centre-google" />
        </Descriptions.Item>
        <Descriptions.Item label="Telegram">
          <Bound on={info.telegram} testId="centre-telegram" />
        </Descriptions.Item>
        <Descriptions.Item label={t('center.language')}>
          <LanguageSelect />
        </Descriptions.Item>
        <Descriptions.Item label={t('center.lastLogin')}>
          <span data-testid="centre-last-login">{last ? `${formatDateTime(last.time)} · ${last.ip} · ${last.location} · ${last.device}` : t('center.firstLogin')}</span>
        </Descriptions.Item>
      </Descriptions>
      <Space className="personal-centre__links" wrap>
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
