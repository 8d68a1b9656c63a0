import { AppstoreOutlined, BookOutlined, DownloadOutlined, FileTextOutlined, NotificationOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { isSafeContentUrl, type DocumentKey, type Download, type HelpType } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Result, Segmented, Skeleton, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '../../app/links.ts';
import { NotYetOpen } from '../../components/NotYetOpen.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { contentKeys, fetchDocument, fetchDownloads, fetchHelpItem, fetchHelpList, fetchNotice, fetchNotices } from './contentApi.ts';
import { ArticleList, ArticleView, formatDateTime, LoadFailed, useLang } from './shared.tsx';
import './content.css';

/** The site's content pages (spec doc 1 §2 'Other screens', doc 2 §2): announcements, help, support and download centre, legal texts. */

export const CONTENT_ROUTES = {
  support: '/help',
  faq: '/help/faq',
  tutorial: '/help/tutorial',
  download: '/help/download',
} as const;

/** /help/bulletin: the announcements, newest first; /help/bulletin?id= one of them. */
export function BulletinPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <div className="page page--narrow" data-testid="bulletin-page">
      {id ? (
        <ArticleView
          queryKey={contentKeys.public('notice', id)}
          fetchItem={() => fetchNotice(id)}
          backTo={ROUTES.bulletin}
          backLabel={t('content.bulletin.back')}
          testId="notice"
        />
      ) : (
        <>
          <PageHeading title={t('content.bulletin.title')}>{t('content.bulletin.subtitle')}</PageHeading>
          <ArticleList
            queryKey={['content', 'public', 'notices']}
            fetchPage={fetchNotices}
            hrefOf={(a) => `${ROUTES.bulletin}?id=${a.id}`}
            empty={t('content.bulletin.empty')}
            testId="notice-list"
          />
        </>
      )}
    </div>
  );
}

/** /help/faq and /help/tutorial: the help items of one type; `?id=` one of them. */
export function HelpPage({ type }: { type: HelpType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const listPath = CONTENT_ROUTES[type];
  return (
    <div className="page page--narrow" data-testid="help-page" data-type={type}>
      {id ? (
        <ArticleView queryKey={contentKeys.public('help', id)} fetchItem={() => fetchHelpItem(id)} backTo={listPath} backLabel={t('content.help.back')} testId="help-item" />
      ) : (
        <>
          <PageHeading title={t(`content.help.${type}Title`)}>{t(`content.help.${type}Subtitle`)}</PageHeading>
          <Segmented
            className="help-switch"
            value={type}
            onChange={(value) => void navigate(CONTENT_ROUTES[value])}
            options={(['faq', 'tutorial'] as const).map((value) => ({ value, label: <span data-testid={`help-switch-${value}`}>{t(`content.nav.${value}`)}</span> }))}
          />
          <ArticleList
            key={type}
            queryKey={['content', 'public', 'help', type]}
            fetchPage={(page) => fetchHelpList(type, page)}
            hrefOf={(h) => `${listPath}?id=${h.id}`}
            empty={t('content.help.empty')}
            testId="help-list"
          />
        </>
      )}
    </div>
  );
}

function HubCard({ to, icon, title, text, testId }: { to: string; icon: ReactNode; title: string; text: string; testId: string }) {
  return (
    <Link to={to} className="hub-card" data-testid={testId}>
      <span className="hub-card__icon">{icon}</span>
      <span className="hub-card__title">{title}</span>
      <span className="hub-card__text">{text}</span>
    </Link>
  );
}

/** /help: the support centre: the ways to help, and the operator's contact text. */
export function SupportCentrePage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="support-page">
      <PageHeading title={t('content.support.title')}>{t('content.support.subtitle')}</PageHeading>
      <div className="hub-grid">
        <HubCard to={ROUTES.bulletin} icon={<NotificationOutlined />} title={t('content.nav.bulletin')} text={t('content.support.bulletinText')} testId="support-bulletin" />
        <HubCard to={CONTENT_ROUTES.faq} icon={<QuestionCircleOutlined />} title={t('content.nav.faq')} text={t('content.support.faqText')} testId="support-faq" />
        <HubCard to={CONTENT_ROUTES.tutorial} icon={<BookOutlined />} title={t('content.nav.tutorial')} text={t('content.support.tutorialText')} testId="support-tutorial" />
        <HubCard to={CONTENT_ROUTES.download} icon={<DownloadOutlined />} title={t('content.nav.download')} text={t('content.support.downloadText')} testId="support-download" />
      </div>
      <section className="section support-contact" data-testid="support-contact">
        <h2 className="section__title">{t('content.support.contactTitle')}</h2>
        <OperatorText docKey="support" empty={t('content.support.contactEmpty')} />
        <p className="support-legal">
          <Link to={ROUTES.agreement}>{t('footer.agreement')}</Link> · <Link to={ROUTES.privacy}>{t('footer.privacy')}</Link>
        </p>
      </section>
    </div>
  );
}

/** An operator's text in the interface language, or `empty` until it is written. */
function OperatorText({ docKey, empty, withTitle = false }: { docKey: DocumentKey; empty: ReactNode; withTitle?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery({ queryKey: contentKeys.public(lang, 'document', docKey), queryFn: () => fetchDocument(docKey) });
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (!query.data) return <>{empty}</>;
  const doc = query.data;
  return (
    <div data-testid={`document-${docKey}`} data-lang={doc.lang}>
      {withTitle ? <PageHeading title={doc.title}>{t('content.updatedAt', { time: formatDateTime(doc.updated_at) })}</PageHeading> : null}
      {doc.lang !== lang ? <p className="article__note">{t('content.fallback')}</p> : null}
      <SafeHtml html={doc.content} testId={`document-${docKey}-body`} />
    </div>
  );
}

/** /agreement and /privacy: the operator's text; until it is written, say so. */
function LegalPage({ docKey, titleKey, bodyKey }: { docKey: 'agreement' | 'privacy'; titleKey: string; bodyKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow" data-testid="legal-page" data-doc={docKey}>
      <OperatorText docKey={docKey} withTitle empty={<Result icon={<FileTextOutlined />} title={t(titleKey)} subTitle={t(bodyKey)} />} />
    </div>
  );
}

export function AgreementPage() {
  return <LegalPage docKey="agreement" titleKey="legal.agreementTitle" bodyKey="legal.agreementBody" />;
}

export function PrivacyPage() {
  return <LegalPage docKey="privacy" titleKey="legal.privacyTitle" bodyKey="legal.privacyBody" />;
}

function DownloadCard({ item }: { item: Download }) {
  const { t } = useTranslation();
  return (
    <div className="download-card" data-testid={`download-${item.id}`}>
      <div className="download-card__head">
        <span className="download-card__name">{item.name}</span>
        {item.version ? <Tag>{t('content.download.version', { version: item.version })}</Tag> : null}
      </div>
      {item.description ? <p className="download-card__text">{item.description}</p> : null}
      {isSafeContentUrl(item.url) ? (
        <Button type="primary" icon={<DownloadOutlined />} href={item.url} target="_blank" rel="noopener noreferrer" data-testid={`download-link-${item.id}`}>
          {t('content.download.get')}
        </Button>
      ) : null}
    </div>
  );
}

/** /help/download: the app, then each coin's tools, as the operator set them. */
export function DownloadCentrePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery({ queryKey: contentKeys.public(lang, 'downloads'), queryFn: fetchDownloads });
  const groups = new Map<string, Download[]>();
  for (const item of query.data ?? []) {
    const key = item.kind === 'app' ? '' : item.coin;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return (
    <div className="page" data-testid="download-page">
      <PageHeading title={t('content.download.title')}>{t('content.download.subtitle')}</PageHeading>
      {query.isPending ? <Skeleton active /> : null}
      {query.isError ? <LoadFailed onRetry={() => void query.refetch()} /> : null}
      {query.data?.length === 0 ? <Empty description={t('content.download.empty')} data-testid="download-empty" /> : null}
      {[...groups].map(([coin, items]) => (
        <section key={coin || 'app'} className="section download-group" data-testid={`download-group-${coin || 'app'}`}>
          <h2 className="section__title">
            {coin ? (
              t('content.download.toolsOf', { coin })
            ) : (
              <>
                <AppstoreOutlined /> {t('content.download.app')}
              </>
            )}
          </h2>
          <div className="download-grid">
            {items.map((item) => (
              <DownloadCard key={item.id} item={item} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** /financial and /pools: paths with an extra check whose behaviour the spec does not show. */
export function PublicFeaturePage({ feature }: { feature: string }) {
  return <NotYetOpen feature={feature} />;
}
