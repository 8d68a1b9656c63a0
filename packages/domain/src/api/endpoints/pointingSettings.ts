import { endpoint } from '../endpoint.ts';
import { pointFinanceLockBody, pointFinanceLockResult, pointSettingsBody, pointSettingsList, pointCoinSettingsSchema } from '../pointingSettings.ts';

/** A pointing committed to a finance holding (POINT_LOCKED_MARKET; issue 22). */
export const pointingFinanceEndpoints = {
  lock: endpoint({
    method: 'POST',
    path: '/api/point/lockfinance',
    tags: ['pointing'],
    summary:
      'Commits a standing pointing (POINT_VALID) to one of the user’s open finance holdings of the coin: POINT_LOCKED_MARKET until the holding closes; 10301 not found, 10304 not mined yet, 10306 locked or a cancellation open, 10507 the holding is not open',
    request: pointFinanceLockBody,
    response: pointFinanceLockResult,
  }),
};

/** The back office's per-coin pointing settings (/admin/point_settings). */
export const adminPointSettingsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/point/settings',
    tags: ['admin'],
    summary: 'Each pointing coin’s settings: counted share, margin, Noterm lock, minimum point, verification window',
    response: pointSettingsList,
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/admin/point/settings',
    tags: ['admin'],
    summary: 'Sets one coin’s pointing settings (audited as point.settings); both shares together at most 100 %',
    request: pointSettingsBody,
    response: pointCoinSettingsSchema,
  }),
};
