import { errorMessageByName } from '@platter/domain';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLang, setVisibleEffects } from '../api/index.ts';
import { BIND_PHONE_ROUTE } from '../api/surface.ts';

/** Connects the API client's surfacing decisions to antd's message API (toasts of 2 s). */
export function ApiSurfaceBridge() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  useEffect(() => {
    setVisibleEffects({
      toast: (text, ms) => {
        void message.open({ type: 'error', key: `toast:${text}`, content: <span data-testid="api-toast">{text}</span>, duration: ms / 1000 });
      },
      maintenance: (ms) => {
        void message.open({
          type: 'error',
          key: 'maintenance',
          content: <span data-testid="api-maintenance">{errorMessageByName('SERVICE_UNAVAILABLE', currentLang())}</span>,
          duration: ms / 1000,
        });
      },
      bindPhone: (text, ms) => {
        void message.open({
          type: 'warning',
          key: 'bind-phone',
          content: (
            <span data-testid="api-bind-phone">
              {text}{' '}
              <Link to={BIND_PHONE_ROUTE} data-testid="bind-phone-link" onClick={() => message.destroy('bind-phone')}>
                {t('common.bindPhone')}
              </Link>
            </span>
          ),
          duration: ms / 1000,
        });
      },
    });
    return () => setVisibleEffects(null);
  }, [message, t]);
  return null;
}
