import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** 'Loaded Error!' with a refresh button that reloads the page (spec doc 2 §4). */
export function LoadedErrorScreen({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="screen-state" data-testid="loaded-error" role="alert">
      <Result
        status="warning"
        title={t('common.loadedError')}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={onReload} data-testid="loaded-error-refresh">
            {t('common.refresh')}
          </Button>
        }
      />
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
