import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  absorbSpends,
  coinId,
  GENESIS_CHALLENGES,
  launcherIdToP2PuzzleHash,
  poolMemberInnerPuzzleHash,
  poolRewardParentId,
  poolWaitingRoomInnerPuzzleHash,
  spendBundleJson,
  streamable,
} from '@platter/chia';
import { plotNftHistory } from '@platter/chia/testing';
import { startTlsNode, type TlsNode } from '../../test/tls.ts';
import { loadConfig } from '../config.ts';
import { fullNode } from '../protocols/chia/setup.ts';
import { chiaRpcChain } from './chia-rpc.ts';

/**
 * The Chia full node RPC adapter against a local HTTPS server that plays the node: mutual TLS
 * with a private CA (as Chia's ssl/ folder has it), the requests it builds, the answers it reads.
 */

let node: TlsNode;
let url = '';
const file = (name: 'ca.crt' | 'pool.crt' | 'pool.key') => node.file(name);
const SP = 'ab'.repeat(32);
const { bytesToHex, hexToBytes } = streamable;
/** The plot NFT the node knows: launched to pool A, absorbed, left A, farming to pool B (or, as `view` may be switched to, still leaving A). */
const history = plotNftHistory();
let view = history;
/** Coins the node knows besides the plot NFT's (rewards spent, what absorbs paid), by id. */
const extra = new Map<string, typeof REWARD_RECORD>();
let PEAK = 4_200_123;
const rpcCoin = (record: { coin: { parentCoinInfo: Uint8Array; puzzleHash: Uint8Array; amount: bigint }; confirmedHeight: number; spent: boolean; spentHeight: number }) => ({
  coin: { parent_coin_info: `0x${bytesToHex(record.coin.parentCoinInfo)}`, puzzle_hash: `0x${bytesToHex(record.coin.puzzleHash)}`, amount: Number(record.coin.amount) },
  coinbase: false,
  confirmed_block_index: record.confirmedHeight,
  spent: record.spent,
  spent_block_index: record.spentHeight,
  timestamp: 1_700_000_000,
});
const bare = (hex: unknown) => String(hex).replace(/^0x/, '');
/** A pool reward farmed at height 450 by the plot NFT, waiting at its p2_singleton puzzle hash (and a coin there that is no reward). */
const P2 = launcherIdToP2PuzzleHash(history.launcherId, history.delayTime, history.delayPuzzleHash);
const REWARD_RECORD = {
  coin: { parentCoinInfo: poolRewardParentId(450, GENESIS_CHALLENGES.mainnet), puzzleHash: P2, amount: 1_750_000_000_000n },
  confirmedHeight: 452,
  spent: false,
  spentHeight: 0,
};
const pushed: Record<string, unknown>[] = [];
const CHALLENGE = 'cd'.repeat(32);

/** The node's answers: the plot NFT's coins and spends, a pool reward, the peak and two signage points. */
function answer(path: string, body: Record<string, unknown>): unknown {
  if (path === '/get_coin_record_by_name') {
    const record = view.records.get(bare(body.name)) ?? extra.get(bare(body.name));
    return record ? { success: true, coin_record: rpcCoin(record) } : { success: false, error: `Coin record 0x${bare(body.name)} not found` };
  }
  if (path === '/get_coin_records_by_parent_ids') {
    const parents = new Set((body.parent_ids as string[]).map(bare));
    const children = [...view.records.values()].filter((r) => parents.has(bytesToHex(r.coin.parentCoinInfo)));
    return { success: true, coin_records: children.map(rpcCoin) };
  }
  if (path === '/get_puzzle_and_solution') {
    const solution = view.solutions.get(bare(body.coin_id));
    const record = view.records.get(bare(body.coin_id));
    if (!solution || !record || record.spentHeight !== body.height) return { success: false, error: 'Failed to get block' };
    const reveal = view.reveals.get(bare(body.coin_id));
    return {
      success: true,
      coin_solution: { coin: rpcCoin(record).coin, puzzle_reveal: `0x${bytesToHex(reveal ?? new Uint8Array([0x80]))}`, solution: `0x${bytesToHex(solution)}` },
    };
  }
  if (path === '/get_coin_records_by_puzzle_hash') {
    // Beside the reward: a coin that is no reward, and a reward farmed 2 blocks ago (not buried yet).
    const found =
      bare(body.puzzle_hash) === bytesToHex(P2)
        ? [
            { ...rpcCoin(REWARD_RECORD), coinbase: true },
            rpcCoin({ ...REWARD_RECORD, coin: { ...REWARD_RECORD.coin, parentCoinInfo: new Uint8Array(32).fill(7) } }),
            {
              ...rpcCoin({
                ...REWARD_RECORD,
                confirmedHeight: PEAK - 2,
                coin: { ...REWARD_RECORD.coin, parentCoinInfo: poolRewardParentId(PEAK - 2, GENESIS_CHALLENGES.mainnet) },
              }),
              coinbase: true,
            },
          ]
        : [];
    return { success: true, coin_records: found };
  }
  if (path === '/push_tx') {
    pushed.push(body.spend_bundle as Record<string, unknown>);
    return { success: true, status: 'SUCCESS' };
  }
  if (path === '/get_blockchain_state') return { success: true, blockchain_state: { peak: { height: PEAK } } };
  if (path === '/get_recent_signage_point_or_eos' && body.sp_hash === `0x${SP}`) {
    return { success: true, signage_point: { cc_vdf: { challenge: `0x${CHALLENGE}` } }, time_received: 1_700_000_000.5, reverted: false };
  }
  if (path === '/get_recent_signage_point_or_eos' && body.challenge_hash === `0x${CHALLENGE}`) {
    return { success: true, eos: { challenge_chain: {} }, time_received: 1_700_000_001, reverted: true };
  }
  return { success: false, error: 'Did not find sp or eos' };
}

/** The push_tx bundle that absorbs REWARD_RECORD from the plot NFT of `h` in `state`. */
function rewardBundle(
  h: typeof history,
  state: (typeof history.states)['poolB'],
  singleton: (typeof history.coins)[0]['coin'],
  lineage: { parentCoinInfo: Uint8Array; innerPuzzleHash: Uint8Array; amount: bigint },
) {
  const spends = absorbSpends({
    launcherId: h.launcherId,
    genesisChallenge: GENESIS_CHALLENGES.mainnet,
    delayTime: h.delayTime,
    delayPuzzleHash: h.delayPuzzleHash,
    state,
    singleton,
    lineage,
    rewards: [{ coin: REWARD_RECORD.coin, height: 450 }],
  });
  return spendBundleJson(spends);
}

beforeAll(async () => {
  node = await startTlsNode(answer);
  url = node.url;
});

afterAll(() => node.close());

describe('the Chia full node RPC adapter', () => {
  it('talks mutual TLS and reads the peak and signage points as the pool needs them', async () => {
    const chain = chiaRpcChain('CHIA', { url, certPath: file('pool.crt'), keyPath: file('pool.key'), caPath: file('ca.crt') });
    try {
      expect(await chain.peakHeight()).toBe(4_200_123);
      expect(await chain.signagePointOrEos(SP, false)).toEqual({ spHash: SP, endOfSubSlot: false, challengeHash: CHALLENGE, timeReceived: 1_700_000_000, reverted: false });
      expect(await chain.signagePointOrEos(CHALLENGE, true)).toEqual({
        spHash: CHALLENGE,
        endOfSubSlot: true,
        challengeHash: CHALLENGE,
        timeReceived: 1_700_000_001,
        reverted: true,
      });
      expect(await chain.signagePointOrEos('ef'.repeat(32), false)).toBeNull();
      expect(node.requests.map((r) => [r.path, r.body, r.client])).toEqual([
        ['/get_blockchain_state', {}, 'pool client'],
        ['/get_recent_signage_point_or_eos', { sp_hash: `0x${SP}` }, 'pool client'],
        ['/get_recent_signage_point_or_eos', { challenge_hash: `0x${CHALLENGE}` }, 'pool client'],
        ['/get_recent_signage_point_or_eos', { sp_hash: `0x${'ef'.repeat(32)}` }, 'pool client'],
      ]);
    } finally {
      chain.close();
    }
  });

  it('follows a plot NFT from its launcher to the unspent tip, and from a tip read before', async () => {
    const chain = chiaRpcChain('CHIA', { url, certPath: file('pool.crt'), keyPath: file('pool.key'), caPath: file('ca.crt') });
    try {
      const launcherId = bytesToHex(history.launcherId);
      const state = await chain.singleton(launcherId);
      expect(state).toMatchObject({
        launcherId,
        delayTime: 604_800,
        delayPuzzleHash: bytesToHex(history.delayPuzzleHash),
        tipHeight: 300,
        state: { version: 1, state: 3, target_puzzle_hash: bytesToHex(history.states.poolB.target_puzzle_hash), pool_url: 'https://b.example', relative_lock_height: 100 },
      });
      expect(state?.state.owner_pubkey).toHaveLength(96);
      if (!state) throw new Error('no state');
      // A known farmer: the walk starts at its tip (no launcher lookup).
      node.requests.length = 0;
      expect(await chain.singleton(launcherId, state)).toEqual(state);
      expect(node.requests.some((r) => r.body.name === `0x${launcherId}`)).toBe(false);
      expect(node.requests.map((r) => r.path)).toContain('/get_coin_records_by_parent_ids');
      // A launcher the node has never seen.
      expect(await chain.singleton('00'.repeat(32))).toBeNull();
      expect(hexToBytes(state.tip)).toHaveLength(32);
    } finally {
      chain.close();
    }
  });

  it('reports the newest state beside the buried one: a move to pool B 3 blocks ago is the latest state, not buried yet', async () => {
    const chain = chiaRpcChain('CHIA', { url, certPath: file('pool.crt'), keyPath: file('pool.key'), caPath: file('ca.crt'), confirmations: 6 });
    PEAK = 403;
    try {
      const state = await chain.singleton(bytesToHex(history.launcherId));
      expect(state?.state).toMatchObject({ state: 2, target_puzzle_hash: bytesToHex(history.states.leavingA.target_puzzle_hash) });
      expect(state?.latest).toMatchObject({ state: 3, target_puzzle_hash: bytesToHex(history.states.poolB.target_puzzle_hash) });
      expect(state?.latestHeight).toBe(400);
    } finally {
      PEAK = 4_200_123;
      chain.close();
    }
  });

  it('claims the pool rewards of a plot NFT farming to the pool: the absorb spends of the reference, pushed to the node', async () => {
    const chain = chiaRpcChain('CHIA', { url, certPath: file('pool.crt'), keyPath: file('pool.key'), caPath: file('ca.crt') });
    try {
      const farmer = { launcherId: bytesToHex(history.launcherId), p2SingletonPuzzleHash: bytesToHex(P2) };
      // Farming to pool B: pool A has nothing to claim, and nothing is pushed.
      expect(await chain.claimRewards?.(farmer, bytesToHex(history.states.poolA.target_puzzle_hash))).toEqual([]);
      expect(pushed).toHaveLength(0);
      const claimed = await chain.claimRewards?.(farmer, bytesToHex(history.states.poolB.target_puzzle_hash));
      // Only the buried reward (the one farmed 2 blocks ago waits for the next round); what the absorb pays the target is the coin to wait for.
      const tip = history.coins[3] as (typeof history.coins)[0];
      const arrival = coinId({ parentCoinInfo: coinId(tip.coin), puzzleHash: history.states.poolB.target_puzzle_hash, amount: REWARD_RECORD.coin.amount });
      expect(claimed).toEqual([
        { coinId: bytesToHex(coinId(REWARD_RECORD.coin)), height: 450, amount: 1_750_000_000_000n, timestamp: 1_700_000_000, arrivalCoinId: bytesToHex(arrival) },
      ]);
      // The bundle: the unspent singleton (whose parent was the waiting room) and the reward coin.
      const parent = history.coins[2] as (typeof history.coins)[0];
      const waitingRoom = poolWaitingRoomInnerPuzzleHash({
        targetPuzzleHash: history.states.leavingA.target_puzzle_hash,
        launcherId: history.launcherId,
        ownerPublicKey: history.states.leavingA.owner_pubkey,
        genesisChallenge: GENESIS_CHALLENGES.mainnet,
        delayTime: history.delayTime,
        delayPuzzleHash: history.delayPuzzleHash,
        relativeLockHeight: 100,
      });
      expect(pushed).toEqual([rewardBundle(history, history.states.poolB, tip.coin, { parentCoinInfo: parent.coin.parentCoinInfo, innerPuzzleHash: waitingRoom, amount: 1n })]);
    } finally {
      chain.close();
    }
  });

  it('claims from the waiting room too: a plot NFT leaving pool A still pays A its rewards (only self-pooling is skipped)', async () => {
    const chain = chiaRpcChain('CHIA', { url, certPath: file('pool.crt'), keyPath: file('pool.key'), caPath: file('ca.crt') });
    view = plotNftHistory({ leaving: true });
    pushed.length = 0;
    try {
      const farmer = { launcherId: bytesToHex(view.launcherId), p2SingletonPuzzleHash: bytesToHex(P2) };
      expect(await chain.claimRewards?.(farmer, bytesToHex(view.states.poolB.target_puzzle_hash))).toEqual([]);
      const claimed = await chain.claimRewards?.(farmer, bytesToHex(view.states.poolA.target_puzzle_hash));
      expect(claimed?.map((c) => c.height)).toEqual([450]);
      const tip = view.coins[2] as (typeof view.coins)[0];
      const parent = view.coins[1] as (typeof view.coins)[0];
      const params = {
        launcherId: view.launcherId,
        ownerPublicKey: view.states.poolA.owner_pubkey,
        genesisChallenge: GENESIS_CHALLENGES.mainnet,
        delayTime: view.delayTime,
        delayPuzzleHash: view.delayPuzzleHash,
      };
      const memberA = poolMemberInnerPuzzleHash({
        ...params,
        targetPuzzleHash: view.states.poolA.target_puzzle_hash,
        waitingRoomInnerPuzzleHash: poolWaitingRoomInnerPuzzleHash({ ...params, targetPuzzleHash: view.states.poolA.target_puzzle_hash, relativeLockHeight: 100 }),
      });
      expect(pushed).toEqual([rewardBundle(view, view.states.leavingA, tip.coin, { parentCoinInfo: parent.coin.parentCoinInfo, innerPuzzleHash: memberA, amount: 1n })]);
    } finally {
      view = history;
      chain.close();
    }
  });

  it('tells where a claim stands: arrived once the target’s coin is buried, waiting before, unclaimed while the reward is unspent, lost when it went elsewhere', async () => {
    const chain = chiaRpcChain('CHIA', { url, certPath: file('pool.crt'), keyPath: file('pool.key'), caPath: file('ca.crt'), confirmations: 6 });
    const reward = bytesToHex(coinId(REWARD_RECORD.coin));
    const paid = { parentCoinInfo: new Uint8Array(32).fill(9), puzzleHash: history.states.poolB.target_puzzle_hash, amount: 1_750_000_000_000n };
    const arrival = bytesToHex(coinId(paid));
    extra.set(reward, REWARD_RECORD);
    try {
      expect(await chain.claimOutcome?.({ coinId: reward, arrivalCoinId: arrival })).toEqual({ status: 'unclaimed' });
      extra.set(arrival, { coin: paid, confirmedHeight: PEAK - 3, spent: false, spentHeight: 0 });
      expect(await chain.claimOutcome?.({ coinId: reward, arrivalCoinId: arrival })).toEqual({ status: 'waiting' });
      extra.set(arrival, { coin: paid, confirmedHeight: PEAK - 6, spent: false, spentHeight: 0 });
      expect(await chain.claimOutcome?.({ coinId: reward, arrivalCoinId: arrival })).toEqual({ status: 'arrived', amount: 1_750_000_000_000n });
      // The reward spent by something else than this absorb (no coin at the target).
      extra.delete(arrival);
      extra.set(reward, { ...REWARD_RECORD, spent: true, spentHeight: PEAK - 1 });
      expect(await chain.claimOutcome?.({ coinId: reward, arrivalCoinId: arrival })).toEqual({ status: 'waiting' });
      extra.set(reward, { ...REWARD_RECORD, spent: true, spentHeight: PEAK - 10 });
      expect(await chain.claimOutcome?.({ coinId: reward, arrivalCoinId: arrival })).toEqual({ status: 'lost' });
      // A reward the node no longer knows (its block was reorged away).
      expect(await chain.claimOutcome?.({ coinId: 'ee'.repeat(32), arrivalCoinId: arrival })).toEqual({ status: 'lost' });
    } finally {
      extra.clear();
      chain.close();
    }
  });

  it('serves the pools of CHIA_RPC_NETWORK’s coin when CHIA_RPC_URL is set, with the certificates of the node’s ssl folder', async () => {
    const ssl = node.chiaSslFolder('full_node');
    expect(fullNode(loadConfig({}), 'CHIA')).toBeUndefined();
    const mainnet = loadConfig({ CHIA_RPC_URL: url, CHIA_RPC_SSL_DIR: ssl });
    expect(fullNode(mainnet, 'CHIA_TEST')).toBeUndefined();
    const chain = fullNode(mainnet, 'CHIA');
    try {
      expect(await chain?.peakHeight()).toBe(4_200_123);
    } finally {
      chain?.close();
    }
    expect(fullNode(loadConfig({ CHIA_RPC_URL: url, CHIA_RPC_SSL_DIR: ssl, CHIA_RPC_NETWORK: 'testnet11' }), 'CHIA_TEST')).toBeDefined();
    expect(() => loadConfig({ CHIA_RPC_NETWORK: 'testnet10' })).toThrow(/CHIA_RPC_NETWORK/);
  });

  it('is refused by a node whose CA did not sign its certificate', async () => {
    const stranger = node.stranger();
    const chain = chiaRpcChain('CHIA', { url, certPath: stranger.cert, keyPath: stranger.key, caPath: file('ca.crt') });
    try {
      await expect(chain.peakHeight()).rejects.toThrow();
    } finally {
      chain.close();
    }
  });
});
