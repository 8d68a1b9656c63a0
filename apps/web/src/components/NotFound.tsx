import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isAccountPath } from '../app/routeTable.ts';
import { useThemeMode } from '../state/theme.ts';

/**
 * Any unmatched route (spec doc 2 §2 'Not-found page'): a picture (its dark variant in
 * night mode), 'page not found' and a link home; on the account pages, back to login.
 */
export function NotFound() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mode = useThemeMode();
  const onAccountPage = isAccountPath(pathname);
  return (
    <div className="page not-found" data-testid="not-found">
      <img
        className="not-found__image"
        src={mode === 'dark' ? '/404-dark.svg' : '/404.svg'}
        alt={t('notFound.imageAlt')}
        width={320}
        height={220}
        data-testid="not-found-image"
        data-variant={mode}
      />
      <p className="not-found__text">{t('notFound.text')}</p>
      {onAccountPage ? (
        <Link className="link-button" to="/request" data-testid="not-found-login">
          {t('common.backToLogin')}
        </Link>
      ) : (
        <Link className="link-button" to="/" data-testid="not-found-home">
          {t('common.backHome')}
        </Link>
      )}
    </div>
  );
}
