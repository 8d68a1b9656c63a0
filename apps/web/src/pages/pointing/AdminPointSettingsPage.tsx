import { pointCoinSettingsSchema, pointSettingsBody, type EndpointData, type adminPointSettingsEndpoints } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useModalSubmit } from '../../lib/useModalSubmit.ts';
import { fetchPointSettings, pointingKeys, savePointSettings } from './pointingApi.ts';
import './pointing.css';

type CoinSettings = EndpointData<typeof adminPointSettingsEndpoints.list>['list'][number];
type Field = 'count_share' | 'margin_share' | 'noterm_lock_days' | 'min_point' | 'verify_window_blocks';

/** One coin's settings: each field checked by the shared schema's own field, the two shares together on save. */
function CoinSettingsCard({ settings }: { settings: CoinSettings }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<Field, string | number>>();
  const { busy, submit } = useModalSubmit();
  const rule = (field: Field): Rule => ({
    validator: (_, value: unknown) =>
      pointCoinSettingsSchema.shape[field].safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(t(`pointSettings.invalid.${field}`))),
  });

  async function save(values: Record<Field, string | number>) {
    const body = { coin: settings.coin, ...values };
    const parsed = pointSettingsBody.safeParse(body);
    if (!parsed.success) {
      form.setFields([{ name: 'margin_share', errors: [t('pointSettings.invalid.shares')] }]);
      return;
    }
    await submit(() => savePointSettings(parsed.data), { invalidate: [pointingKeys.settings], success: t('pointSettings.saved', { coin: settings.coin }) });
  }

  const id = (field: string) => `point-settings-${settings.coin}-${field}`;
  return (
    <Card
      size="small"
      className="pointing-settings-card"
      title={settings.coin}
      extra={
        settings.updated_at ? <Typography.Text type="secondary">{t('pointSettings.updated', { time: settings.updated_at.slice(0, 16).replace('T', ' ') })}</Typography.Text> : null
      }
      data-testid={`point-settings-${settings.coin}`}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          count_share: settings.count_share,
          margin_share: settings.margin_share,
          noterm_lock_days: settings.noterm_lock_days,
          min_point: settings.min_point,
          verify_window_blocks: settings.verify_window_blocks,
        }}
        onFinish={(values) => void save(values)}
      >
        <Space wrap align="start" className="pointing-settings-fields">
          <Form.Item name="count_share" label={t('pointSettings.field.count')} rules={[rule('count_share')]} extra="%">
            <Input style={{ width: 110 }} data-testid={id('count')} />
          </Form.Item>
          <Form.Item name="margin_share" label={t('pointSettings.field.margin')} rules={[rule('margin_share')]} extra="%">
            <Input style={{ width: 110 }} data-testid={id('margin')} />
          </Form.Item>
          <Form.Item name="noterm_lock_days" label={t('pointSettings.field.noterm')} rules={[rule('noterm_lock_days')]}>
            <InputNumber style={{ width: 110 }} data-testid={id('noterm')} />
          </Form.Item>
          <Form.Item name="verify_window_blocks" label={t('pointSettings.field.window')} rules={[rule('verify_window_blocks')]}>
            <InputNumber style={{ width: 110 }} data-testid={id('window')} />
          </Form.Item>
          <Form.Item name="min_point" label={t('pointSettings.field.minPoint')} rules={[rule('min_point')]} extra={settings.coin}>
            <Input style={{ width: 150 }} data-testid={id('min')} />
          </Form.Item>
        </Space>
        <Button htmlType="submit" type="primary" loading={busy} data-testid={id('save')}>
          {t('pointSettings.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** /admin/point_settings (issue 22): each pointing coin's counted share, margin, Noterm lock, verification window and minimum point. */
export function AdminPointSettingsPage() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: pointingKeys.settings, queryFn: fetchPointSettings });
  return (
    <div className="page" data-testid="admin-point-settings-page">
      <PageHeading title={t('admin.page.point_settings')} />
      <Alert type="info" showIcon className="pointing-rules" message={t('pointSettings.rules')} />
      {list.isError ? <Alert type="error" message={t('adminCore.loadFailed')} /> : null}
      <div className="pointing-settings">
        {(list.data?.list ?? []).map((s) => (
          <CoinSettingsCard key={`${s.coin}-${s.updated_at ?? ''}`} settings={s} />
        ))}
      </div>
    </div>
  );
}
