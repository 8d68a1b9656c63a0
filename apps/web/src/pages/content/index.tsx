import { FileTextOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotYetOpen } from '../../components/NotYetOpen.tsx';

/** /agreement and /privacy: the operator publishes these; until then, say so. */
function LegalPage({ titleKey, bodyKey, doc }: { titleKey: string; bodyKey: string; doc: string }) {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow" data-testid="legal-page" data-doc={doc}>
      <Result icon={<FileTextOutlined />} title={t(titleKey)} subTitle={t(bodyKey)} />
    </div>
  );
}

export function AgreementPage() {
  return <LegalPage doc="agreement" titleKey="legal.agreementTitle" bodyKey="legal.agreementBody" />;
}

export function PrivacyPage() {
  return <LegalPage doc="privacy" titleKey="legal.privacyTitle" bodyKey="legal.privacyBody" />;
}

/** /help/bulletin: announcements (a later issue). */
export function BulletinPage() {
  return <NotYetOpen feature="bulletin" />;
}

/** /financial and /pools: paths with an extra check whose behaviour the spec does not show. */
export function PublicFeaturePage({ feature }: { feature: string }) {
  return <NotYetOpen feature={feature} />;
}
