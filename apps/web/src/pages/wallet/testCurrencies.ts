import type { CurrencyEntry } from '@platter/domain';

/** Currency blocks of the wallet's unit tests (as GET /api/assets/totalassets answers them). */
export const chia: CurrencyEntry = {
  type: 'CHIA',
  unit: 'XCH',
  scale: 12,
  closed: false,
  testnet: false,
  confirmation: 32,
  min_withdraw: '0.1',
  withdraw_fee: '0.0001',
  min_transfer: '0.1',
  memo_supported: false,
  activation_fee: '0',
  withdraw_audit: true,
};

/** AR: an activation fee on an address's first use; memo supported here to show its warning. */
export const ar: CurrencyEntry = { ...chia, type: 'AR', unit: 'AR', withdraw_fee: '0.01', activation_fee: '0.02', memo_supported: true };
