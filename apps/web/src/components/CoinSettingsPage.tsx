import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiAnswer } from '../api/client.ts';
import { useModalSubmit } from '../lib/useModalSubmit.ts';
import { PageHeading } from './PageHeading.tsx';
import './coinSettings.css';

/** One field of a coin's settings card: a text box (amounts and percentages, kept as typed) or a whole number. */
export interface CoinSettingsField<F extends string> {
  name: F;
  /** The label's catalogue key under the page's `texts` prefix: `<texts>.field.<label>`. */
  label: string;
  /** The box's test id suffix: `<testId>-<coin>-<id>`. */
  id: string;
  number?: boolean;
  /** The phone keyboard a text box asks for. */
  inputMode?: 'numeric' | 'decimal';
  width?: number;
  suffix?: ReactNode;
  extra?: ReactNode;
}

interface SettingsRow {
  coin: string;
  updated_at: string | null;
}

type SafeParse<T> = { success: true; data: T } | { success: false };

export interface CoinSettingsPageProps<S extends SettingsRow, F extends string, B> {
  /** The page's title (translated). */
  title: string;
  /** The catalogue prefix of the page's texts: rules, field.*, invalid.*, saved, updated, save (and defaults when `defaults` is set). */
  texts: string;
  /** Test ids: the page `admin-<testId>-page`, a card `<testId>-<coin>`, a box `<testId>-<coin>-<id>`. */
  testId: string;
  queryKey: QueryKey;
  fetch: () => Promise<{ list: S[] }>;
  fields: (settings: S) => CoinSettingsField<F>[];
  /** One field checked by the shared schema's own field, as the user leaves it. */
  fieldValid: (field: F, value: unknown) => boolean;
  /** The whole body checked by the shared schema on save; refused, the pair's error shows on `pairField` (`<texts>.invalid.shares`). */
  parse: (body: Record<string, unknown>) => SafeParse<B>;
  pairField: F;
  save: (body: B) => Promise<ApiAnswer<unknown>>;
  /** A card whose coin has no saved row yet says it shows the defaults (`<texts>.defaults`). */
  defaults?: boolean;
}

function CoinSettingsCard<S extends SettingsRow, F extends string, B>({ settings, page }: { settings: S; page: CoinSettingsPageProps<S, F, B> }) {
  const { t } = useTranslation();
  const { texts, testId } = page;
  const [form] = Form.useForm<Record<string, string | number>>();
  const { busy, submit } = useModalSubmit();
  const fields = page.fields(settings);
  const rule = (field: F): Rule => ({
    validator: (_, value: unknown) => (page.fieldValid(field, value) ? Promise.resolve() : Promise.reject(new Error(t(`${texts}.invalid.${field}`)))),
  });

  async function save(values: Record<string, string | number>) {
    const parsed = page.parse({ coin: settings.coin, ...values });
    if (!parsed.success) {
      form.setFields([{ name: page.pairField as string, errors: [t(`${texts}.invalid.shares`)] }]);
      return;
    }
    await submit(() => page.save(parsed.data), { invalidate: [page.queryKey], success: t(`${texts}.saved`, { coin: settings.coin }) });
  }

  const id = (suffix: string) => `${testId}-${settings.coin}-${suffix}`;
  const status = settings.updated_at ? t(`${texts}.updated`, { time: settings.updated_at.slice(0, 16).replace('T', ' ') }) : page.defaults ? t(`${texts}.defaults`) : null;
  const initial = Object.fromEntries(fields.map((field) => [field.name, (settings as unknown as Record<F, string | number>)[field.name]]));
  return (
    <Card size="small" title={settings.coin} extra={status ? <Typography.Text type="secondary">{status}</Typography.Text> : null} data-testid={`${testId}-${settings.coin}`}>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void save(values)}>
        <Space wrap align="start" className="coin-settings__fields">
          {fields.map((field) => (
            <Form.Item key={field.name} name={field.name as string} label={t(`${texts}.field.${field.label}`)} rules={[rule(field.name)]} extra={field.extra}>
              {field.number ? (
                <InputNumber style={{ width: field.width ?? 110 }} data-testid={id(field.id)} />
              ) : (
                <Input style={{ width: field.width ?? 110 }} suffix={field.suffix} inputMode={field.inputMode} data-testid={id(field.id)} />
              )}
            </Form.Item>
          ))}
        </Space>
        <Button htmlType="submit" type="primary" loading={busy} data-testid={id('save')}>
          {t(`${texts}.save`)}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * A back-office page of per-coin settings (issue 22: /admin/point_settings, /admin/cooperation_settings):
 * the rules in a notice, then a card per coin whose fields are checked one by one by the shared
 * schema's own fields and together on save, saved per coin and audited by the server.
 */
export function CoinSettingsPage<S extends SettingsRow, F extends string, B>(page: CoinSettingsPageProps<S, F, B>) {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: page.queryKey, queryFn: page.fetch });
  return (
    <div className="page" data-testid={`admin-${page.testId}-page`}>
      <PageHeading title={page.title} />
      <Alert type="info" showIcon className="coin-settings__rules" title={t(`${page.texts}.rules`)} />
      {list.isError ? <Alert type="error" title={t('adminCore.loadFailed')} /> : null}
      <div className="coin-settings">
        {(list.data?.list ?? []).map((settings) => (
          <CoinSettingsCard key={`${settings.coin}-${settings.updated_at ?? ''}`} settings={settings} page={page} />
        ))}
      </div>
    </div>
  );
}
