import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '../links.ts';
import { useRegisterAction } from '../session.tsx';

/** Login and register, for a signed-out visitor (desktop bar or mobile drawer, never both). */
export function AccountButtons({ block = false }: { block?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { openRegister, checking } = useRegisterAction();
  return (
    <div className={block ? 'account-buttons account-buttons--block' : 'account-buttons'}>
      <Button block={block} onClick={() => void navigate(ROUTES.login)} data-testid="login-button">
        {t('nav.login')}
      </Button>
      <Button block={block} type="primary" loading={checking} onClick={() => void openRegister()} data-testid="register-button">
        {t('nav.register')}
      </Button>
    </div>
  );
}
