import { pointCoinSettingsSchema, pointSettingsBody } from '@platter/domain';
import { useTranslation } from 'react-i18next';
import { CoinSettingsPage } from '../../components/CoinSettingsPage.tsx';
import { fetchPointSettings, pointingKeys, savePointSettings } from './pointingApi.ts';

type Field = 'count_share' | 'margin_share' | 'noterm_lock_days' | 'min_point' | 'verify_window_blocks';

/** /admin/point_settings (issue 22): each pointing coin's counted share, margin, Noterm lock, verification window and minimum point. */
export function AdminPointSettingsPage() {
  const { t } = useTranslation();
  return (
    <CoinSettingsPage
      title={t('admin.page.point_settings')}
      texts="pointSettings"
      testId="point-settings"
      queryKey={pointingKeys.settings}
      fetch={fetchPointSettings}
      fields={(settings) => [
        { name: 'count_share' as Field, label: 'count', id: 'count', extra: '%' },
        { name: 'margin_share', label: 'margin', id: 'margin', extra: '%' },
        { name: 'noterm_lock_days', label: 'noterm', id: 'noterm', number: true },
        { name: 'verify_window_blocks', label: 'window', id: 'window', number: true },
        { name: 'min_point', label: 'minPoint', id: 'min', width: 150, extra: settings.coin },
      ]}
      fieldValid={(field, value) => pointCoinSettingsSchema.shape[field].safeParse(value).success}
      parse={(body) => pointSettingsBody.safeParse(body)}
      pairField="margin_share"
      save={savePointSettings}
    />
  );
}
