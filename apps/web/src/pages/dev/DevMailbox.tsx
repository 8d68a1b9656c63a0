import { devEndpoints } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Space, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isAccountPath } from '../../app/routeTable.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { api, dataOf } from '../../api/index.ts';

/**
 * A link of a message as it should open here: links to this app's account pages (activation,
 * password reset) point at the configured public address, which on a development machine is
 * often another port, so they open on this origin instead.
 */
export function localLink(href: string): { to: string; external: false } | { to: string; external: true } {
  try {
    const url = new URL(href);
    if (isAccountPath(url.pathname)) return { to: `${url.pathname}${url.search}`, external: false };
  } catch {
    // Not a URL: left as it is.
  }
  return { to: href, external: true };
}

/** Links in a plain-text message, made clickable (activation and reset links). */
function linkify(text: string): ReactNode[] {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) => {
    if (!/^https?:\/\//.test(part)) return part;
    const link = localLink(part);
    return link.external ? (
      <a key={i} href={link.to} data-testid="dev-mail-link">
        {part}
      </a>
    ) : (
      <Link key={i} to={link.to} data-testid="dev-mail-link">
        {`${window.location.origin}${link.to}`}
      </Link>
    );
  });
}

/**
 * /dev/mailbox: every e-mail, SMS and Telegram text the platform sent, outside production
 * (the server answers 404 there). How a person running `npm start` gets their activation link.
 */
export function DevMailboxPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [to, setTo] = useState(params.get('to') ?? '');
  const messages = useQuery({
    queryKey: ['dev', 'mailbox', to],
    queryFn: async () => {
      const answer = await api.send(devEndpoints.mailbox, { to: to || undefined, limit: 50 }, { quiet: true });
      return 'code' in answer && answer.code === 200 ? (dataOf(answer) ?? []) : null;
    },
    refetchInterval: 3000,
  });
  return (
    <div className="page page--narrow" data-testid="dev-mailbox">
      <PageHeading title={t('dev.mailbox')}>{t('dev.mailboxHint')}</PageHeading>
      <Space.Compact block className="dev-mailbox__filter">
        <Input placeholder={t('dev.recipient')} value={to} onChange={(e) => setTo(e.target.value.trim())} data-testid="dev-mailbox-to" />
        <Button onClick={() => void messages.refetch()}>{t('dev.refresh')}</Button>
      </Space.Compact>
      {messages.data === null ? <Alert type="info" showIcon title={t('dev.unavailable')} /> : null}
      {messages.data?.length === 0 ? <Empty description={t('dev.empty')} /> : null}
      {(messages.data ?? []).map((m) => (
        <Card key={m.id} size="small" className="dev-mail" data-testid="dev-mail">
          <div className="dev-mail__head">
            <Tag>{t(`dev.channel.${m.channel}`)}</Tag> <strong>{m.subject || m.to}</strong>
            <span className="dev-mail__meta">
              {m.to} · {new Date(m.created_at * 1000).toLocaleString()}
            </span>
          </div>
          <pre className="dev-mail__text">{linkify(m.text)}</pre>
        </Card>
      ))}
    </div>
  );
}
