import { endpoint } from '../endpoint.ts';
import { cooperationCoinSettingsSchema, cooperationSettingsBody, cooperationSettingsList } from '../cooperationSettings.ts';

/** The back office's per-coin cooperation settings (/admin/cooperation_settings; issue 22). */
export const adminCooperationSettingsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/cooperation/settings',
    tags: ['admin'],
    summary: 'Each cooperation coin’s settings: least cooperation amount (whole coins), a deal’s owner and miner shares, margin and term',
    response: cooperationSettingsList,
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/admin/cooperation/settings',
    tags: ['admin'],
    summary: 'Sets one coin’s cooperation settings (audited as cooperation.settings); the owner’s and miner’s shares together at most 100 %; 207 not a cooperation coin',
    request: cooperationSettingsBody,
    response: cooperationCoinSettingsSchema,
  }),
};
