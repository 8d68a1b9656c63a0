import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { run_clvm } from 'clvm_wasm';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../streamable/index.ts';
import { absorbSpends, farmedHeight, poolRewardParentId, singletonInnerPuzzleHash, spendBundleJson, type CoinSpend } from './absorb.ts';
import { curry, deserializeClvm, intFromBytes, isAtom, serializeClvm, treeHash, type SExp } from './clvm.ts';
import programs from './programs.json' with { type: 'json' };
import { launcherIdToP2PuzzleHash, poolMemberInnerPuzzleHash, poolWaitingRoomInnerPuzzleHash, SINGLETON_LAUNCHER_HASH, SINGLETON_MOD_HASH } from './puzzles.ts';
import { coinId, type Coin } from './singleton.ts';
import { MAINNET_GENESIS_CHALLENGE, plotNftHistory } from './singletonFixture.ts';

/**
 * The absorb spends run through Chia's own CLVM (clvm_wasm, the Rust implementation) with
 * their solutions: what a full node would see — every condition they output, the coins they
 * create, and whether each spend's announcements are the ones the other one asserts.
 */

const hex = bytesToHex;
const CREATE_COIN = 51;
const CREATE_COIN_ANNOUNCEMENT = 60;
const ASSERT_COIN_ANNOUNCEMENT = 61;
const CREATE_PUZZLE_ANNOUNCEMENT = 62;
const ASSERT_PUZZLE_ANNOUNCEMENT = 63;
const ASSERT_MY_COIN_ID = 70;
const REWARD = 1_750_000_000_000n;

function listItems(node: SExp): SExp[] {
  const out: SExp[] = [];
  for (let at = node; !isAtom(at); at = at[1]) out.push(at[0]);
  return out;
}

/** Runs a spend's puzzle with its solution: its conditions as [opcode, ...atoms]. */
function conditions(spend: CoinSpend): { op: number; args: Uint8Array[] }[] {
  const output = deserializeClvm(run_clvm(spend.puzzleReveal, spend.solution, 0));
  return listItems(output).map((condition) => {
    const [op, ...args] = listItems(condition);
    return { op: Number(intFromBytes(op as Uint8Array)), args: args.filter(isAtom) };
  });
}

function scenario(rewardCount = 1) {
  const history = plotNftHistory();
  const tip = history.coins[3] as (typeof history.coins)[0];
  const parent = history.coins[2] as (typeof history.coins)[0];
  const p2 = launcherIdToP2PuzzleHash(history.launcherId, history.delayTime, history.delayPuzzleHash);
  const rewards = Array.from({ length: rewardCount }, (_, i) => {
    const height = 450 + i;
    return { height, coin: { parentCoinInfo: poolRewardParentId(height, MAINNET_GENESIS_CHALLENGE), puzzleHash: p2, amount: REWARD } satisfies Coin };
  });
  const waitingRoomA = poolWaitingRoomInnerPuzzleHash({
    targetPuzzleHash: history.states.leavingA.target_puzzle_hash,
    launcherId: history.launcherId,
    ownerPublicKey: history.states.leavingA.owner_pubkey,
    genesisChallenge: MAINNET_GENESIS_CHALLENGE,
    delayTime: history.delayTime,
    delayPuzzleHash: history.delayPuzzleHash,
    relativeLockHeight: 100,
  });
  const spends = absorbSpends({
    launcherId: history.launcherId,
    genesisChallenge: MAINNET_GENESIS_CHALLENGE,
    delayTime: history.delayTime,
    delayPuzzleHash: history.delayPuzzleHash,
    state: history.states.poolB,
    singleton: tip.coin,
    lineage: { parentCoinInfo: parent.coin.parentCoinInfo, innerPuzzleHash: waitingRoomA, amount: parent.coin.amount },
    rewards,
  });
  return { history, tip, rewards, spends, p2 };
}

describe('absorbing pool rewards (pool_puzzles.py create_absorb_spend)', () => {
  it('builds puzzles whose tree hashes are the coins’ puzzle hashes', () => {
    const { spends, tip, p2 } = scenario();
    const [singleton, reward] = spends as [CoinSpend, CoinSpend];
    expect(hex(treeHash(deserializeClvm(singleton.puzzleReveal)))).toBe(hex(tip.coin.puzzleHash));
    expect(hex(treeHash(deserializeClvm(reward.puzzleReveal)))).toBe(hex(p2));
  });

  it('runs in Chia’s CLVM: the singleton recreates itself and pays the reward to the pool; each spend’s announcements are the other’s', () => {
    const { spends, tip, history } = scenario();
    const [singleton, reward] = spends as [CoinSpend, CoinSpend];
    const fromSingleton = conditions(singleton);
    const fromReward = conditions(reward);
    const created = fromSingleton.filter((c) => c.op === CREATE_COIN).map((c) => [hex(c.args[0] as Uint8Array), intFromBytes(c.args[1] as Uint8Array)]);
    expect(created).toEqual(
      expect.arrayContaining([
        [hex(tip.coin.puzzleHash), 1n],
        [hex(history.states.poolB.target_puzzle_hash), REWARD],
      ]),
    );
    expect(created).toHaveLength(2);
    // A coin's own id, where a spend asserts it.
    for (const [spend, list] of [
      [singleton, fromSingleton],
      [reward, fromReward],
    ] as const) {
      for (const c of list.filter((x) => x.op === ASSERT_MY_COIN_ID)) expect(hex(c.args[0] as Uint8Array)).toBe(hex(coinId(spend.coin)));
    }
    // Announcements: made by coin id or by puzzle hash, asserted by their hash.
    const made = new Set<string>();
    for (const [spend, list] of [
      [singleton, fromSingleton],
      [reward, fromReward],
    ] as const) {
      for (const c of list) {
        if (c.op === CREATE_COIN_ANNOUNCEMENT) made.add(hex(sha256(concatBytes(coinId(spend.coin), c.args[0] as Uint8Array))));
        if (c.op === CREATE_PUZZLE_ANNOUNCEMENT) made.add(hex(sha256(concatBytes(spend.coin.puzzleHash, c.args[0] as Uint8Array))));
      }
    }
    const asserted = [...fromSingleton, ...fromReward].filter((c) => c.op === ASSERT_COIN_ANNOUNCEMENT || c.op === ASSERT_PUZZLE_ANNOUNCEMENT);
    expect(asserted.length).toBeGreaterThanOrEqual(2);
    for (const c of asserted) expect(made.has(hex(c.args[0] as Uint8Array))).toBe(true);
  });

  it('absorbs from the waiting room too (the reference skips only SELF_POOLING): the leaving NFT still pays the pool it leaves', () => {
    const history = plotNftHistory({ leaving: true });
    const tip = history.coins[2] as (typeof history.coins)[0];
    const parent = history.coins[1] as (typeof history.coins)[0];
    const p2 = launcherIdToP2PuzzleHash(history.launcherId, history.delayTime, history.delayPuzzleHash);
    const params = {
      launcherId: history.launcherId,
      ownerPublicKey: history.states.poolA.owner_pubkey,
      genesisChallenge: MAINNET_GENESIS_CHALLENGE,
      delayTime: history.delayTime,
      delayPuzzleHash: history.delayPuzzleHash,
    };
    const memberA = poolMemberInnerPuzzleHash({
      ...params,
      targetPuzzleHash: history.states.poolA.target_puzzle_hash,
      waitingRoomInnerPuzzleHash: poolWaitingRoomInnerPuzzleHash({ ...params, targetPuzzleHash: history.states.poolA.target_puzzle_hash, relativeLockHeight: 100 }),
    });
    const reward = { height: 350, coin: { parentCoinInfo: poolRewardParentId(350, MAINNET_GENESIS_CHALLENGE), puzzleHash: p2, amount: REWARD } satisfies Coin };
    const spends = absorbSpends({
      launcherId: history.launcherId,
      genesisChallenge: MAINNET_GENESIS_CHALLENGE,
      delayTime: history.delayTime,
      delayPuzzleHash: history.delayPuzzleHash,
      state: history.states.leavingA,
      singleton: tip.coin,
      lineage: { parentCoinInfo: parent.coin.parentCoinInfo, innerPuzzleHash: memberA, amount: parent.coin.amount },
      rewards: [reward],
    });
    const [singleton, paid] = spends as [CoinSpend, CoinSpend];
    expect(hex(treeHash(deserializeClvm(singleton.puzzleReveal)))).toBe(hex(tip.coin.puzzleHash));
    const created = conditions(singleton)
      .filter((c) => c.op === CREATE_COIN)
      .map((c) => [hex(c.args[0] as Uint8Array), intFromBytes(c.args[1] as Uint8Array)]);
    // The singleton stays in the waiting room, and pool A (the one being left) gets the reward.
    expect(created).toEqual(
      expect.arrayContaining([
        [hex(tip.coin.puzzleHash), 1n],
        [hex(history.states.poolA.target_puzzle_hash), REWARD],
      ]),
    );
    expect(created).toHaveLength(2);
    const announced = conditions(singleton).find((c) => c.op === CREATE_PUZZLE_ANNOUNCEMENT);
    expect(hex(announced?.args[0] ?? new Uint8Array())).toBe(hex(coinId(reward.coin)));
    expect(conditions(paid).some((c) => c.op === ASSERT_PUZZLE_ANNOUNCEMENT)).toBe(true);
    // A self-pooling NFT has no pool: nothing to absorb for.
    expect(() =>
      absorbSpends({
        ...{ launcherId: history.launcherId, genesisChallenge: MAINNET_GENESIS_CHALLENGE, delayTime: history.delayTime, delayPuzzleHash: history.delayPuzzleHash },
        state: { ...history.states.leavingA, state: 1 },
        singleton: tip.coin,
        lineage: { parentCoinInfo: parent.coin.parentCoinInfo, amount: 1n },
        rewards: [reward],
      }),
    ).toThrow(/self-pooling/);
  });

  it('refuses in CLVM a reward claimed at another height, and a wrong lineage', () => {
    const { spends } = scenario();
    const [singleton] = spends as [CoinSpend];
    const forged = plotNftHistory();
    const wrongLineage = absorbSpends({
      launcherId: forged.launcherId,
      genesisChallenge: MAINNET_GENESIS_CHALLENGE,
      delayTime: forged.delayTime,
      delayPuzzleHash: forged.delayPuzzleHash,
      state: forged.states.poolB,
      singleton: (forged.coins[3] as (typeof forged.coins)[0]).coin,
      lineage: { parentCoinInfo: new Uint8Array(32), innerPuzzleHash: new Uint8Array(32), amount: 1n },
      rewards: scenario().rewards,
    });
    // The singleton asserts its own id from the lineage: a wrong one is a different coin.
    const asserted = conditions(wrongLineage[0] as CoinSpend).filter((c) => c.op === ASSERT_MY_COIN_ID || c.op === 71);
    expect(asserted.length).toBeGreaterThan(0);
    expect(
      asserted.some(
        (c) =>
          hex(c.args[0] as Uint8Array) === hex(coinId((wrongLineage[0] as CoinSpend).coin)) ||
          hex(c.args[0] as Uint8Array) === hex((wrongLineage[0] as CoinSpend).coin.parentCoinInfo),
      ),
    ).toBe(false);
    // A height that is not the reward's: the singleton announces another coin id than the reward's.
    const announced = conditions(singleton).find((c) => c.op === CREATE_PUZZLE_ANNOUNCEMENT);
    expect(hex(announced?.args[0] ?? new Uint8Array())).toBe(hex(coinId(scenario().rewards[0]?.coin as Coin)));
  });

  it('chains several rewards: each absorb spends the singleton the previous one created', () => {
    const { spends, tip } = scenario(3);
    expect(spends).toHaveLength(6);
    const singletons = spends.filter((_, i) => i % 2 === 0);
    for (let i = 1; i < singletons.length; i++) {
      const previous = singletons[i - 1] as CoinSpend;
      const created = conditions(previous).find((c) => c.op === CREATE_COIN && intFromBytes(c.args[1] as Uint8Array) === 1n);
      expect(hex(coinId({ parentCoinInfo: coinId(previous.coin), puzzleHash: created?.args[0] as Uint8Array, amount: 1n }))).toBe(hex(coinId((singletons[i] as CoinSpend).coin)));
      // Every spend in the chain proves its own id.
      const mine = conditions(singletons[i] as CoinSpend).filter((c) => c.op === ASSERT_MY_COIN_ID);
      for (const c of mine) expect(hex(c.args[0] as Uint8Array)).toBe(hex(coinId((singletons[i] as CoinSpend).coin)));
    }
    expect(hex((singletons[0] as CoinSpend).coin.puzzleHash)).toBe(hex(tip.coin.puzzleHash));
    expect(spendBundleJson(spends)).toMatchObject({ aggregated_signature: `0xc0${'00'.repeat(95)}` });
  });

  it('finds the height a reward was farmed at from its parent id, and refuses a coin that is none', () => {
    const coin = { parentCoinInfo: poolRewardParentId(5_000_123, MAINNET_GENESIS_CHALLENGE), puzzleHash: new Uint8Array(32), amount: REWARD };
    expect(hex(coin.parentCoinInfo)).toBe(`ccd5bb71183532bff220ba46c268991a${'00'.repeat(13)}4c4bbb`);
    expect(farmedHeight(coin, 5_000_130, MAINNET_GENESIS_CHALLENGE)).toBe(5_000_123);
    expect(farmedHeight(coin, 5_000_500, MAINNET_GENESIS_CHALLENGE)).toBeNull();
    expect(farmedHeight({ ...coin, parentCoinInfo: hexToBytes('11'.repeat(32)) }, 5_000_130, MAINNET_GENESIS_CHALLENGE)).toBeNull();
  });

  it('reads the inner puzzle hash back out of a singleton’s puzzle reveal', () => {
    const { spends, history } = scenario();
    const inner = curry(deserializeClvm(hexToBytes(programs.puzzles.pool_waitingroom_innerpuz.hex)), [new Uint8Array(32)]);
    const reveal = serializeClvm(
      curry(deserializeClvm(hexToBytes(programs.puzzles.singleton_top_layer.hex)), [[SINGLETON_MOD_HASH, [history.launcherId, SINGLETON_LAUNCHER_HASH]], inner]),
    );
    expect(hex(singletonInnerPuzzleHash(reveal))).toBe(hex(treeHash(inner)));
    expect(singletonInnerPuzzleHash((spends[0] as CoinSpend).puzzleReveal)).toHaveLength(32);
    expect(() => singletonInnerPuzzleHash((spends[1] as CoinSpend).puzzleReveal)).toThrow(/not a singleton/);
  });
});
