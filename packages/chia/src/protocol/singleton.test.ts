import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../streamable/index.ts';
import { clvmList, deserializeClvm, intToBytes, serializeClvm, treeHash } from './clvm.ts';
import { coinId, followPlotNft, launcherSpendInfo, LEAVING_POOL, plotNftPuzzleHash, solutionToPoolState } from './singleton.ts';
import { MAINNET_GENESIS_CHALLENGE, plotNftHistory } from './singletonFixture.ts';

const hex = bytesToHex;
const options = (peakHeight: number) => ({ peakHeight, confirmations: 6, genesisChallenge: MAINNET_GENESIS_CHALLENGE });

describe('coin ids', () => {
  it('hash the parent, the puzzle hash and the amount in CLVM integer bytes (a leading zero under a set top bit)', () => {
    const parent = new Uint8Array(32);
    const puzzleHash = new Uint8Array(32).fill(1);
    const expected = (amount: number[]) =>
      createHash('sha256')
        .update(Uint8Array.from([...parent, ...puzzleHash, ...amount]))
        .digest('hex');
    expect(hex(coinId({ parentCoinInfo: parent, puzzleHash, amount: 2n }))).toBe(expected([0x02]));
    expect(hex(coinId({ parentCoinInfo: parent, puzzleHash, amount: 0x80n }))).toBe(expected([0x00, 0x80]));
    expect(hex(coinId({ parentCoinInfo: parent, puzzleHash, amount: 1_750_000_000_000n }))).toBe(expected([0x01, 0x97, 0x74, 0x20, 0xdc, 0x00]));
  });
});

describe('reading pool spends (pool_puzzles.py solution_to_pool_state)', () => {
  const history = plotNftHistory();
  const solutionOf = (index: number) => history.solutions.get(hex(coinId((history.coins[index] as (typeof history.coins)[0]).coin))) as Uint8Array;

  it('reads the escape delay, its puzzle hash and the first state from the launcher spend', () => {
    const info = launcherSpendInfo(history.solutions.get(hex(history.launcherId)) as Uint8Array);
    expect(info.delayTime).toBe(604_800n);
    expect(hex(info.delayPuzzleHash)).toBe(hex(history.delayPuzzleHash));
    expect(info.state).toEqual(history.states.poolA);
  });

  it('finds no new state in an absorb, the leaving state in a member’s travel, the new pool in the waiting room’s', () => {
    const [c1, c2, c3] = history.coins as [(typeof history.coins)[0], (typeof history.coins)[0], (typeof history.coins)[0]];
    expect(solutionToPoolState(c1.coin.puzzleHash, solutionOf(0))).toBeNull();
    expect(solutionToPoolState(c2.coin.puzzleHash, solutionOf(1))?.state).toBe(LEAVING_POOL);
    expect(solutionToPoolState(c3.coin.puzzleHash, solutionOf(2))).toEqual(history.states.poolB);
    // The waiting room's absorb: (0 pool_reward_amount pool_reward_height).
    const absorb = serializeClvm(clvmList([clvmList([]), intToBytes(1), clvmList([intToBytes(0), intToBytes(1_750_000_000_000n), intToBytes(5)])]));
    expect(solutionToPoolState(c3.coin.puzzleHash, absorb)).toBeNull();
  });

  it('refuses an inner solution that is no pool spend', () => {
    const odd = serializeClvm(clvmList([clvmList([]), intToBytes(1), clvmList([intToBytes(1)])]));
    expect(() => solutionToPoolState(new Uint8Array(32), odd)).toThrow(/1 arguments/);
  });
});

describe('following a plot NFT (pool-reference get_singleton_state)', () => {
  it('walks from the launcher to the unspent tip: the buried state is pool B', async () => {
    const history = plotNftHistory();
    const state = await followPlotNft(history.node, history.launcherId, options(1_000));
    expect(state?.state).toEqual(history.states.poolB);
    expect(state?.latest).toEqual(history.states.poolB);
    // The tip is the coin whose spend declared pool B (created at height 300).
    expect(hex(state?.tip ?? new Uint8Array())).toBe(hex(coinId((history.coins[2] as (typeof history.coins)[0]).coin)));
    expect(state?.tipHeight).toBe(300);
    expect(state?.delayTime).toBe(604_800n);
  });

  it('keeps the last buried state while the newest spend is within the confirmations', async () => {
    const history = plotNftHistory();
    const state = await followPlotNft(history.node, history.launcherId, options(405));
    expect(state?.state.state).toBe(LEAVING_POOL);
    expect(state?.latest).toEqual(history.states.poolB);
    expect(state?.tipHeight).toBe(200);
    // Only the launcher spend is buried this early: its state is the first pool.
    expect((await followPlotNft(history.node, history.launcherId, options(205)))?.state).toEqual(history.states.poolA);
  });

  it('resumes from a tip read before, as it does for a known farmer', async () => {
    const history = plotNftHistory();
    const before = await followPlotNft(history.node, history.launcherId, options(405));
    if (!before) throw new Error('no state');
    const after = await followPlotNft(history.node, history.launcherId, { ...options(1_000), from: before });
    expect(after?.state).toEqual(history.states.poolB);
    expect(after?.tipHeight).toBe(300);
  });

  it('answers null for an unknown or unspent launcher, a coin that is no launcher, and a tip whose puzzle hash is not its state’s', async () => {
    const history = plotNftHistory();
    expect(await followPlotNft(history.node, new Uint8Array(32), options(1_000))).toBeNull();
    const firstCoin = coinId((history.coins[0] as (typeof history.coins)[0]).coin);
    // A singleton coin is no launcher.
    expect(await followPlotNft(history.node, firstCoin, options(1_000))).toBeNull();
    const launcher = history.records.get(hex(history.launcherId));
    if (!launcher) throw new Error('no launcher');
    history.records.set(hex(history.launcherId), { ...launcher, spent: false, spentHeight: 0 });
    expect(await followPlotNft(history.node, history.launcherId, options(1_000))).toBeNull();

    const forged = plotNftHistory({ tipPuzzleHash: hexToBytes('11'.repeat(32)) });
    expect(await followPlotNft(forged.node, forged.launcherId, options(1_000))).toBeNull();
  });

  it('answers null for a spend it cannot read, and passes the node’s own failures on', async () => {
    const history = plotNftHistory();
    history.solutions.set(hex(coinId((history.coins[1] as (typeof history.coins)[0]).coin)), hexToBytes('ff01'));
    expect(await followPlotNft(history.node, history.launcherId, options(1_000))).toBeNull();
    const failing = plotNftHistory();
    failing.node.children = () => Promise.reject(new Error('connection refused'));
    await expect(followPlotNft(failing.node, failing.launcherId, options(1_000))).rejects.toThrow('connection refused');
  });

  it('builds each state’s full puzzle (the programs themselves) with the tree hash the puzzle hash arithmetic gives', () => {
    const history = plotNftHistory();
    expect(history.reveals.size).toBe(4);
    for (const [id, reveal] of history.reveals) {
      expect(hex(treeHash(deserializeClvm(reveal))), id).toBe(hex(history.records.get(id)?.coin.puzzleHash ?? new Uint8Array()));
    }
  });

  it('commits each state to its own puzzle hash', () => {
    const history = plotNftHistory();
    const params = { launcherId: history.launcherId, genesisChallenge: MAINNET_GENESIS_CHALLENGE, delayTime: history.delayTime, delayPuzzleHash: history.delayPuzzleHash };
    const hashes = Object.values(history.states).map((s) => hex(plotNftPuzzleHash(s, params)));
    expect(new Set(hashes).size).toBe(3);
    // Another network's genesis challenge is another puzzle.
    expect(hex(plotNftPuzzleHash(history.states.poolA, { ...params, genesisChallenge: new Uint8Array(32) }))).not.toBe(hashes[0]);
  });
});

describe('a real plot NFT launched on mainnet (height 1,950,245, farming to chia.copool.com)', () => {
  // get_coin_record_by_name and get_puzzle_and_solution of launcher 2a6c4e70… as the full node answered them.
  const launcher = {
    parentCoinInfo: hexToBytes('b10e7583998b48380df492b6133c54048a96c96cdfb1793cd4eb3e5d840199f1'),
    puzzleHash: hexToBytes('eff07522495060c066f66f32acc2a77e3a3e737aca8baea4d1a64ea4cdc13da9'),
    amount: 1n,
  };
  const solution = hexToBytes(
    'ffa0a793802e86673478fe2f9004ccc8be442b2af8add4bbc74c159c62b30778a478ff01ffffff70c07201038020777fd4752a8bc8b25f8f91beedc9df49a355b9ff97cacf602818c4e69671ac5967e60957eb9ba20c9e183e50ab3c6702ec678b9562b14bb871f3f07f2b74d892f69817b5aa213625aa144c911455010000001768747470733a2f2f636869612e636f706f6f6c2e636f6d00000020ffff7483093a80ffff68a050d0c024f58f3b52c5083a81747e9eab6e9812e8f36e405949ee20e37bf604908080',
  );

  it('has the launcher id the node reports', () => {
    expect(hex(coinId(launcher))).toBe('2a6c4e70c32799eb1ebe5971754d50b5432d13602dbe913d047189413df5c46d');
  });

  it('reads its escape delay and first state, and commits that state to the singleton puzzle hash of the spend', () => {
    const info = launcherSpendInfo(solution);
    expect(info.delayTime).toBe(604_800n);
    expect(hex(info.delayPuzzleHash)).toBe('50d0c024f58f3b52c5083a81747e9eab6e9812e8f36e405949ee20e37bf60490');
    expect(info.state).toMatchObject({ version: 1, state: 3, pool_url: 'https://chia.copool.com', relative_lock_height: 32 });
    expect(hex(info.state?.target_puzzle_hash ?? new Uint8Array())).toBe('8020777fd4752a8bc8b25f8f91beedc9df49a355b9ff97cacf602818c4e69671');
    // The launcher's solution names the singleton's full puzzle hash: ours, from the state alone, is the same.
    const params = { launcherId: coinId(launcher), genesisChallenge: MAINNET_GENESIS_CHALLENGE, delayTime: info.delayTime, delayPuzzleHash: info.delayPuzzleHash };
    if (!info.state) throw new Error('no state');
    expect(hex(plotNftPuzzleHash(info.state, params))).toBe('a793802e86673478fe2f9004ccc8be442b2af8add4bbc74c159c62b30778a478');
  });
});
