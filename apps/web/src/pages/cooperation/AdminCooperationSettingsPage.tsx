import { cooperationCoinSettingsSchema, cooperationSettingsBody } from '@platter/domain';
import { useTranslation } from 'react-i18next';
import { CoinSettingsPage } from '../../components/CoinSettingsPage.tsx';
import { cooperationSettingsKey, fetchCooperationSettings, saveCooperationSettings } from './cooperationApi.ts';

type Field = 'min_whole' | 'owner_share' | 'miner_share' | 'deal_margin' | 'deal_term_days';

/** /admin/cooperation_settings (issue 22): each cooperation coin's least amount and a deal's shares, margin and term. */
export function AdminCooperationSettingsPage() {
  const { t } = useTranslation();
  return (
    <CoinSettingsPage
      title={t('admin.page.cooperation_settings')}
      texts="cooperationSettings"
      testId="cooperation-settings"
      queryKey={cooperationSettingsKey}
      fetch={fetchCooperationSettings}
      defaults
      fields={(settings) => {
        const readings =
          settings.spec_min_whole === '1' ? t('cooperationSettings.minHint') : t('cooperationSettings.minHintXhd', { spec: settings.spec_min_whole, unit: settings.unit });
        return [
          {
            name: 'min_whole' as Field,
            label: 'min',
            id: 'min',
            width: 150,
            inputMode: 'numeric',
            suffix: settings.unit,
            extra: <span data-testid={`cooperation-settings-${settings.coin}-min-hint`}>{readings}</span>,
          },
          { name: 'owner_share', label: 'owner', id: 'owner', suffix: '%' },
          { name: 'miner_share', label: 'miner', id: 'miner', suffix: '%' },
          { name: 'deal_margin', label: 'margin', id: 'margin', suffix: '%' },
          { name: 'deal_term_days', label: 'term', id: 'term', number: true },
        ];
      }}
      fieldValid={(field, value) => cooperationCoinSettingsSchema.shape[field].safeParse(value).success}
      parse={(body) => cooperationSettingsBody.safeParse(body)}
      pairField="miner_share"
      save={saveCooperationSettings}
    />
  );
}
