import type { CapacityBase } from '../units.ts';

/**
 * How a coin proves work: proof of space (Chia), proof of capacity (Burst-style plots: BHD
 * family), proof of space-time (Spacemesh, Autonomys), Arweave's SPoRA, or a hashrate coin
 * whose miners report hashes (IronFish, Aleo).
 */
export const ARITHS = ['pos', 'poc', 'post', 'spora', 'hash'] as const;
export type Arith = (typeof ARITHS)[number];

/** The coin-settings fields of spec doc 2 §3, plus what the wallet needs per coin. */
export interface CoinSetting {
  /** Registry key, upper case as the spec writes it: CHIA, BHD, IRONFISH_TEST … */
  type: string;
  /** Deposits count after this many confirmations. */
  confirmation: number;
  /** A closed coin takes no deposits or withdrawals. */
  closed: boolean;
  /** Price market symbol for display, or null when the coin has none. */
  market: string | null;
  /** Minimum internal transfer, a decimal string in whole coins. */
  min_transfer_value: string;
  /** Unit of capacity or power: TiB/TB for space coins, H/s for hashrate coins. */
  capacity_unit: string;
  full_name: string;
  arith: Arith;
  /** Ticker: XCH for CHIA. */
  unit: string;
  icon: string;
  /** The coin shares its pool with another coin (BHD-family merged mining). */
  merge_pool: string | null;
  /** Decimals of the base unit: XCH has 12 (mojo). */
  scale: number;
  /**
   * Decimals shown for an amount (issue 20): at most this many, cut towards zero and trailing
   * zeros trimmed; the exact amount stays in a tooltip and in exports. Never more than `scale`.
   */
  display_scale: number;
  /** Decimals shown for capacity figures. */
  capacity_scale: number;
  /** 1024 (KiB … DiB) or 1000 (KB … DB). */
  capacity_base: CapacityBase;
  /** Test-net coin: can never be withdrawn to main net (spec doc 1 §8). */
  testnet: boolean;
  /** For a test-net coin, the main-net coin it mirrors. */
  mainnet_type: string | null;
  /** Minimum single withdrawal, whole coins as a decimal string. */
  min_withdraw_value: string;
  /** Default withdrawal fee, whole coins as a decimal string (admin-editable later). */
  withdraw_fee: string;
  /** Some coins (exchanges) need a memo; a wrong or missing memo may lose funds. */
  memo_supported: boolean;
  /** Address format check (a regular expression source) for the address book. */
  address_pattern: string;
}

type Seed = Omit<CoinSetting, 'closed' | 'icon' | 'testnet' | 'mainnet_type' | 'merge_pool' | 'memo_supported'> &
  Partial<Pick<CoinSetting, 'closed' | 'testnet' | 'mainnet_type' | 'merge_pool' | 'memo_supported'>>;

/** Signum: Reed-Solomon `S-…` (formerly `BURST-…`) or the numeric account id (the checksum: `address/`). */
export const BURST_ADDRESS = '^(?:S|BURST)-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{5}$|^[0-9]{1,20}$';

const SEEDS: Seed[] = [
  {
    type: 'CHIA',
    confirmation: 32,
    market: 'XCH/USDT',
    min_transfer_value: '0.1',
    capacity_unit: 'TiB',
    full_name: 'Chia Network',
    arith: 'pos',
    unit: 'XCH',
    scale: 12,
    display_scale: 6,
    capacity_scale: 2,
    capacity_base: 1024,
    min_withdraw_value: '0.1',
    withdraw_fee: '0.0001',
    address_pattern: '^xch1[02-9ac-hj-np-z]{58}$',
  },
  {
    type: 'BHD',
    confirmation: 6,
    market: 'BHD/USDT',
    min_transfer_value: '0.1',
    capacity_unit: 'TiB',
    full_name: 'BitcoinHD',
    arith: 'poc',
    unit: 'BHD',
    scale: 8,
    display_scale: 4,
    capacity_scale: 2,
    capacity_base: 1024,
    min_withdraw_value: '0.1',
    withdraw_fee: '0.01',
    address_pattern: '^[3][a-km-zA-HJ-NP-Z1-9]{25,34}$',
  },
  {
    type: 'LHD',
    confirmation: 6,
    market: null,
    min_transfer_value: '1',
    capacity_unit: 'TiB',
    full_name: 'LitecoinHD',
    arith: 'poc',
    unit: 'LHD',
    scale: 8,
    display_scale: 4,
    capacity_scale: 2,
    capacity_base: 1024,
    min_withdraw_value: '1',
    withdraw_fee: '0.1',
    address_pattern: '^[3][a-km-zA-HJ-NP-Z1-9]{25,34}$',
    merge_pool: 'BHD',
  },
  {
    type: 'HDD',
    confirmation: 6,
    market: null,
    min_transfer_value: '1',
    capacity_unit: 'TiB',
    full_name: 'HDDcoin',
    arith: 'poc',
    unit: 'HDD',
    scale: 8,
    display_scale: 4,
    capacity_scale: 2,
    capacity_base: 1024,
    min_withdraw_value: '1',
    withdraw_fee: '0.1',
    address_pattern: '^[3][a-km-zA-HJ-NP-Z1-9]{25,34}$',
    merge_pool: 'BHD',
  },
  {
    type: 'XHD',
    confirmation: 6,
    market: null,
    min_transfer_value: '1',
    capacity_unit: 'TiB',
    full_name: 'XHD',
    arith: 'poc',
    unit: 'XHD',
    scale: 8,
    display_scale: 4,
    capacity_scale: 2,
    capacity_base: 1024,
    min_withdraw_value: '1',
    withdraw_fee: '1',
    address_pattern: '^[3][a-km-zA-HJ-NP-Z1-9]{25,34}$',
    merge_pool: 'BHD',
  },
  {
    type: 'BURST',
    confirmation: 10,
    market: 'BURST/USDT',
    min_transfer_value: '1',
    capacity_unit: 'TiB',
    full_name: 'Signum (Burst)',
    arith: 'poc',
    unit: 'BURST',
    scale: 8,
    display_scale: 2,
    capacity_scale: 2,
    capacity_base: 1024,
    min_withdraw_value: '10',
    withdraw_fee: '1',
    address_pattern: BURST_ADDRESS,
    memo_supported: true,
  },
  {
    type: 'MASS',
    confirmation: 6,
    market: 'MASS/USDT',
    min_transfer_value: '1',
    capacity_unit: 'TiB',
    full_name: 'MASS',
    arith: 'poc',
    unit: 'MASS',
    scale: 8,
    display_scale: 4,
    capacity_scale: 2,
    capacity_base: 1024,
    min_withdraw_value: '1',
    withdraw_fee: '0.1',
    address_pattern: '^ms1q[02-9ac-hj-np-z]{40,80}$',
  },
  {
    type: 'AR',
    confirmation: 15,
    market: 'AR/USDT',
    min_transfer_value: '0.1',
    capacity_unit: 'TiB',
    full_name: 'Arweave',
    arith: 'spora',
    unit: 'AR',
    scale: 12,
    display_scale: 6,
    capacity_scale: 2,
    capacity_base: 1024,
    min_withdraw_value: '0.1',
    withdraw_fee: '0.01',
    address_pattern: '^[A-Za-z0-9_-]{43}$',
  },
  {
    type: 'IRONFISH',
    confirmation: 30,
    market: 'IRON/USDT',
    min_transfer_value: '1',
    capacity_unit: 'H/s',
    full_name: 'Iron Fish',
    arith: 'hash',
    unit: 'IRON',
    scale: 8,
    display_scale: 4,
    capacity_scale: 2,
    capacity_base: 1000,
    min_withdraw_value: '1',
    withdraw_fee: '0.00000001',
    address_pattern: '^[0-9a-f]{64}$',
    memo_supported: true,
  },
  {
    type: 'SPACEMESH',
    confirmation: 10,
    market: 'SMH/USDT',
    min_transfer_value: '1',
    capacity_unit: 'TiB',
    full_name: 'Spacemesh',
    arith: 'post',
    unit: 'SMH',
    scale: 9,
    display_scale: 4,
    capacity_scale: 2,
    capacity_base: 1024,
    min_withdraw_value: '1',
    withdraw_fee: '0.001',
    address_pattern: '^sm1[02-9ac-hj-np-z]{20,80}$',
  },
  {
    type: 'DEPINC',
    confirmation: 6,
    market: null,
    min_transfer_value: '1',
    capacity_unit: 'TiB',
    full_name: 'DePINC',
    arith: 'poc',
    unit: 'DePC',
    scale: 8,
    display_scale: 4,
    capacity_scale: 2,
    capacity_base: 1024,
    min_withdraw_value: '1',
    withdraw_fee: '0.1',
    address_pattern: '^[3][a-km-zA-HJ-NP-Z1-9]{25,34}$',
  },
  {
    type: 'ALEO',
    confirmation: 10,
    market: 'ALEO/USDT',
    min_transfer_value: '1',
    capacity_unit: 'c/s',
    full_name: 'Aleo',
    arith: 'hash',
    unit: 'ALEO',
    scale: 6,
    display_scale: 4,
    capacity_scale: 2,
    capacity_base: 1000,
    min_withdraw_value: '1',
    withdraw_fee: '0.1',
    address_pattern: '^aleo1[02-9ac-hj-np-z]{58}$',
  },
  {
    type: 'AUTONOMYS',
    confirmation: 10,
    market: 'AI3/USDT',
    min_transfer_value: '1',
    capacity_unit: 'TiB',
    full_name: 'Autonomys',
    arith: 'post',
    unit: 'AI3',
    scale: 18,
    display_scale: 4,
    capacity_scale: 2,
    capacity_base: 1024,
    min_withdraw_value: '1',
    withdraw_fee: '0.01',
    address_pattern: '^su[1-9A-HJ-NP-Za-km-z]{47}$',
  },
  // Test-net variants: same code paths, never withdrawable to main net.
  {
    type: 'CHIA_TEST',
    confirmation: 6,
    market: null,
    min_transfer_value: '0.1',
    capacity_unit: 'TiB',
    full_name: 'Chia Testnet',
    arith: 'pos',
    unit: 'TXCH',
    scale: 12,
    display_scale: 6,
    capacity_scale: 2,
    capacity_base: 1024,
    min_withdraw_value: '0.1',
    withdraw_fee: '0.0001',
    address_pattern: '^txch1[02-9ac-hj-np-z]{58}$',
    testnet: true,
    mainnet_type: 'CHIA',
  },
  {
    type: 'IRONFISH_TEST',
    confirmation: 6,
    market: null,
    min_transfer_value: '1',
    capacity_unit: 'H/s',
    full_name: 'Iron Fish Testnet (IronFish1122)',
    arith: 'hash',
    unit: 'IRON1122',
    scale: 8,
    display_scale: 4,
    capacity_scale: 2,
    capacity_base: 1000,
    min_withdraw_value: '1',
    withdraw_fee: '0',
    address_pattern: '^[0-9a-f]{64}$',
    testnet: true,
    mainnet_type: 'IRONFISH',
  },
  {
    type: 'ALEO_TEST',
    confirmation: 6,
    market: null,
    min_transfer_value: '1',
    capacity_unit: 'c/s',
    full_name: 'Aleo Testnet',
    arith: 'hash',
    unit: 'TALEO',
    scale: 6,
    display_scale: 4,
    capacity_scale: 2,
    capacity_base: 1000,
    min_withdraw_value: '1',
    withdraw_fee: '0',
    address_pattern: '^aleo1[02-9ac-hj-np-z]{58}$',
    testnet: true,
    mainnet_type: 'ALEO',
  },
];

/** Every coin named in spec doc 1 §1, with its test-net variants: what a fresh install seeds. */
export const COIN_SEEDS: readonly CoinSetting[] = SEEDS.map((seed) => ({
  closed: false,
  testnet: false,
  mainnet_type: null,
  merge_pool: null,
  memo_supported: false,
  icon: `/coins/${seed.type.toLowerCase().replace(/_test$/, '')}.svg`,
  ...seed,
}));

/** The default coin of the spec (doc 2 §9): CHIA, unit XCH, minimum transfer 0.1. */
export const DEFAULT_COIN_TYPE = 'CHIA';
