import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BindGoogleDialog } from '../center/securityDialogs.tsx';

/**
 * A back-office account without an authenticator (code 1051 on every admin call): the back
 * office stays closed and the binding opens at once. When it is bound, the user info says so
 * and the guard lets the pages through. A first binding does not lock withdrawals.
 */
export function StaffSecondFactor() {
  const { t } = useTranslation();
  const [binding, setBinding] = useState(true);
  return (
    <div className="screen-state" data-testid="admin-bind-google">
      <Result
        icon={<SafetyCertificateOutlined />}
        title={t('accountSecurity.staffBindTitle')}
        subTitle={t('accountSecurity.staffBindText')}
        extra={[
          <Button key="bind" type="primary" onClick={() => setBinding(true)} data-testid="admin-bind-google-start">
            {t('accountSecurity.staffBindStart')}
          </Button>,
          <Link key="home" className="link-button" to="/">
            {t('common.backHome')}
          </Link>,
        ]}
      />
      {binding ? <BindGoogleDialog onClose={() => setBinding(false)} /> : null}
    </div>
  );
}
