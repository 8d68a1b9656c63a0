import { ReloadOutlined, WarningFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * 'Loaded Error!' with a refresh button that reloads the page (spec doc 2 §4). Plain markup
 * rather than antd's Result, whose status illustrations would load with every page.
 */
export function LoadedErrorScreen({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="screen-state loaded-error" data-testid="loaded-error" role="alert">
      <WarningFilled className="loaded-error__icon" aria-hidden />
      <h2>{t('common.loadedError')}</h2>
      <Button type="primary" icon={<ReloadOutlined />} onClick={onReload} data-testid="loaded-error-refresh">
        {t('common.refresh')}
      </Button>
    </div>
  );
}

/** 'Something went wrong.' with the error text and the component trace (spec doc 2 §4). */
export function RenderErrorScreen({ error, componentStack }: { error: Error; componentStack: string }) {
  const { t } = useTranslation();
  return (
    <div className="screen-state render-error" data-testid="render-error" role="alert">
      <h2>{t('common.renderError')}</h2>
      <pre className="render-error__text" data-testid="render-error-text">
        {error.message || String(error)}
      </pre>
      {componentStack ? (
        <details className="render-error__trace">
          <summary>{t('common.componentTrace')}</summary>
          <pre data-testid="render-error-trace">{componentStack.trim()}</pre>
        </details>
      ) : null}
    </div>
  );
}
