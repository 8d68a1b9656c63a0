import type { ColumnType, Generated } from 'kysely';

/** Unsigned 64-bit values (plotter ids, nonces, base targets, deadlines) arrive as decimal strings. */
type U64 = ColumnType<string, string | bigint, string | bigint>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** The devnet's PoC chain of a coin: the block being mined now (issue 21). */
export interface DevnetPocChainTable {
  coin: string;
  /** The height being mined (tip + 1). */
  height: number;
  generation_signature: string;
  base_target: U64;
  /** When the tip was made: the block is due at tip_time + its best deadline. */
  tip_time: Date;
  /** The simulated network competitors' best deadline for this height. */
  network_deadline: U64;
  best_plotter_id: U64 | null;
  best_nonce: U64 | null;
  best_deadline: U64 | null;
  best_address: string | null;
  updated_at: Timestamp;
}

export interface DevnetPocBlocksTable {
  coin: string;
  height: number;
  hash: string;
  time: Date;
  generation_signature: string;
  base_target: U64;
  plotter_id: U64;
  nonce: U64;
  deadline: U64;
  reward_address: string;
  reward_units: U64;
}

/** A bindplotter (or unbind) transaction on the devnet; height null while in the mempool. */
export interface DevnetPocBindingsTable {
  id: Generated<string>;
  coin: string;
  plotter_id: U64;
  address: string;
  txid: string;
  unbind: ColumnType<boolean, boolean | undefined, boolean>;
  height: number | null;
  created_at: Generated<Date>;
}

/** A round a pool followed: the mining info of one height. */
export interface PocRoundsTable {
  pool: string;
  height: number;
  generation_signature: string;
  base_target: U64;
  started_at: Generated<Date>;
  closed_at: Date | null;
}

/** A miner's best verified deadline of a round. */
export interface PocDeadlinesTable {
  pool: string;
  height: number;
  miner_id: string;
  user_id: string;
  plotter_id: U64;
  nonce: U64;
  deadline: U64;
  base_target: U64;
  submitted_at: Timestamp;
}

/** The last block a pool read from its chain, and its hash then (a reorganisation changes it). */
export interface PocBlockCursorTable {
  pool: string;
  height: number;
  hash: string | null;
}

/** A plot file a plotter's miner named in X-Plotfile (`<plotter>_<start>_<nonces>`). */
export interface PocPlotFilesTable {
  pool: string;
  plotter_id: U64;
  file: string;
  start_nonce: U64;
  nonces: U64;
  last_seen_at: Date;
}

export interface PocTables {
  devnet_poc_chain: DevnetPocChainTable;
  devnet_poc_blocks: DevnetPocBlocksTable;
  devnet_poc_bindings: DevnetPocBindingsTable;
  poc_rounds: PocRoundsTable;
  poc_deadlines: PocDeadlinesTable;
  poc_block_cursor: PocBlockCursorTable;
  poc_plot_files: PocPlotFilesTable;
}
