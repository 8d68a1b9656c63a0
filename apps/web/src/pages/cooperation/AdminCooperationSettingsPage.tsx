import { cooperationCoinSettingsSchema, cooperationSettingsBody } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useModalSubmit } from '../../lib/useModalSubmit.ts';
import { cooperationSettingsKey, fetchCooperationSettings, saveCooperationSettings, type CooperationCoinSettings } from './cooperationApi.ts';
import './cooperation.css';

type Field = 'min_whole' | 'owner_share' | 'miner_share' | 'deal_margin' | 'deal_term_days';

/** One coin's settings: each field checked by the shared schema's own field, the two deal shares together on save. */
function CoinSettingsCard({ settings }: { settings: CooperationCoinSettings }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<Field, string | number>>();
  const { busy, submit } = useModalSubmit();
  const rule = (field: Field): Rule => ({
    validator: (_, value: unknown) =>
      cooperationCoinSettingsSchema.shape[field].safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(t(`cooperationSettings.invalid.${field}`))),
  });

  async function save(values: Record<Field, string | number>) {
    const parsed = cooperationSettingsBody.safeParse({ coin: settings.coin, ...values });
    if (!parsed.success) {
      form.setFields([{ name: 'miner_share', errors: [t('cooperationSettings.invalid.shares')] }]);
      return;
    }
    await submit(() => saveCooperationSettings(parsed.data), { invalidate: [cooperationSettingsKey], success: t('cooperationSettings.saved', { coin: settings.coin }) });
  }

  const id = (field: string) => `cooperation-settings-${settings.coin}-${field}`;
  const readings = settings.spec_min_whole === '1' ? t('cooperationSettings.minHint') : t('cooperationSettings.minHintXhd', { spec: settings.spec_min_whole, unit: settings.unit });
  return (
    <Card
      size="small"
      title={settings.coin}
      extra={
        settings.updated_at ? (
          <Typography.Text type="secondary">{t('cooperationSettings.updated', { time: settings.updated_at.slice(0, 16).replace('T', ' ') })}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('cooperationSettings.defaults')}</Typography.Text>
        )
      }
      data-testid={`cooperation-settings-${settings.coin}`}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          min_whole: settings.min_whole,
          owner_share: settings.owner_share,
          miner_share: settings.miner_share,
          deal_margin: settings.deal_margin,
          deal_term_days: settings.deal_term_days,
        }}
        onFinish={(values) => void save(values)}
      >
        <Space wrap align="start" className="cooperation-settings-fields">
          <Form.Item name="min_whole" label={t('cooperationSettings.field.min')} rules={[rule('min_whole')]} extra={<span data-testid={id('min-hint')}>{readings}</span>}>
            <Input style={{ width: 150 }} suffix={settings.unit} inputMode="numeric" data-testid={id('min')} />
          </Form.Item>
          <Form.Item name="owner_share" label={t('cooperationSettings.field.owner')} rules={[rule('owner_share')]}>
            <Input style={{ width: 110 }} suffix="%" data-testid={id('owner')} />
          </Form.Item>
          <Form.Item name="miner_share" label={t('cooperationSettings.field.miner')} rules={[rule('miner_share')]}>
            <Input style={{ width: 110 }} suffix="%" data-testid={id('miner')} />
          </Form.Item>
          <Form.Item name="deal_margin" label={t('cooperationSettings.field.margin')} rules={[rule('deal_margin')]}>
            <Input style={{ width: 110 }} suffix="%" data-testid={id('margin')} />
          </Form.Item>
          <Form.Item name="deal_term_days" label={t('cooperationSettings.field.term')} rules={[rule('deal_term_days')]}>
            <InputNumber style={{ width: 110 }} data-testid={id('term')} />
          </Form.Item>
        </Space>
        <Button htmlType="submit" type="primary" loading={busy} data-testid={id('save')}>
          {t('cooperationSettings.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** /admin/cooperation_settings (issue 22): each cooperation coin's least amount and a deal's shares, margin and term. */
export function AdminCooperationSettingsPage() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: cooperationSettingsKey, queryFn: fetchCooperationSettings });
  return (
    <div className="page" data-testid="admin-cooperation-settings-page">
      <PageHeading title={t('admin.page.cooperation_settings')} />
      <Alert type="info" showIcon className="cooperation-settings-rules" message={t('cooperationSettings.rules')} />
      {list.isError ? <Alert type="error" message={t('adminCore.loadFailed')} /> : null}
      <div className="cooperation-settings">
        {(list.data?.list ?? []).map((s) => (
          <CoinSettingsCard key={`${s.coin}-${s.updated_at ?? ''}`} settings={s} />
        ))}
      </div>
    </div>
  );
}
