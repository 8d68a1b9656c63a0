import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../streamable/index.ts';
import fixtures from './programs.json' with { type: 'json' };
import {
  P2_SINGLETON_OR_DELAYED_MOD_HASH,
  POOL_MEMBER_INNERPUZ_HASH,
  POOL_WAITINGROOM_INNERPUZ_HASH,
  SINGLETON_LAUNCHER_HASH,
  SINGLETON_MOD_HASH,
  curry,
  deserializeClvm,
  intToBytes,
  launcherIdToP2PuzzleHash,
  poolMemberInnerPuzzleHash,
  poolRewardPrefix,
  poolWaitingRoomInnerPuzzleHash,
  singletonPuzzleHash,
  treeHash,
  type SExp,
} from './index.ts';

const mod = (name: keyof typeof fixtures.puzzles): SExp => deserializeClvm(hexToBytes(fixtures.puzzles[name].hex));
const hex = bytesToHex;

describe('module hashes', () => {
  it('are the tree hashes of Chia’s compiled puzzles', () => {
    for (const [name, { hex: program, hash }] of Object.entries(fixtures.puzzles)) {
      expect(hex(treeHash(deserializeClvm(hexToBytes(program)))), name).toBe(hash);
    }
    expect(hex(SINGLETON_MOD_HASH)).toBe(fixtures.puzzles.singleton_top_layer.hash);
    expect(hex(SINGLETON_LAUNCHER_HASH)).toBe(fixtures.puzzles.singleton_launcher.hash);
    expect(hex(P2_SINGLETON_OR_DELAYED_MOD_HASH)).toBe(fixtures.puzzles.p2_singleton_or_delayed_puzhash.hash);
    expect(hex(POOL_MEMBER_INNERPUZ_HASH)).toBe(fixtures.puzzles.pool_member_innerpuz.hash);
    expect(hex(POOL_WAITINGROOM_INNERPUZ_HASH)).toBe(fixtures.puzzles.pool_waitingroom_innerpuz.hash);
  });

  it('refuse malformed serialised CLVM', () => {
    expect(() => deserializeClvm(hexToBytes('ff01'))).toThrow('unexpected end');
    expect(() => deserializeClvm(hexToBytes('8001'))).toThrow('trailing');
  });
});

describe('int_to_bytes', () => {
  it('is the shortest two’s complement big-endian encoding', () => {
    const cases: [bigint, string][] = [
      [0n, ''],
      [1n, '01'],
      [127n, '7f'],
      [128n, '0080'],
      [255n, '00ff'],
      [256n, '0100'],
      [-1n, 'ff'],
      [-128n, '80'],
      [-129n, 'ff7f'],
      [604800n, '093a80'],
      [2n ** 64n - 1n, '00ffffffffffffffff'],
    ];
    for (const [value, expected] of cases) expect(hex(intToBytes(value)), String(value)).toBe(expected);
  });
});

describe('pool contract puzzle hashes (from module hashes only) equal the tree hash of the full curried program', () => {
  const launchers = [new Uint8Array(32), new Uint8Array(32).fill(0xae), hexToBytes('ae4ef3b9bfe68949691281a015a9c16630fc8f66d48c19ca548fb80768791afa')];
  const delays = [0n, 1n, 604800n, 2n ** 63n];

  it('launcherIdToP2PuzzleHash', () => {
    const p2 = mod('p2_singleton_or_delayed_puzhash');
    for (const launcherId of launchers) {
      for (const delay of delays) {
        const delayPh = new Uint8Array(32).fill(Number(delay % 251n));
        const full = curry(p2, [SINGLETON_MOD_HASH, launcherId, SINGLETON_LAUNCHER_HASH, intToBytes(delay), delayPh]);
        expect(launcherIdToP2PuzzleHash(launcherId, delay, delayPh)).toEqual(treeHash(full));
      }
    }
    const a = launcherIdToP2PuzzleHash(launchers[1]!, 604800, new Uint8Array(32));
    expect(launcherIdToP2PuzzleHash(launchers[2]!, 604800, new Uint8Array(32))).not.toEqual(a);
    expect(launcherIdToP2PuzzleHash(launchers[1]!, 604801, new Uint8Array(32))).not.toEqual(a);
    expect(() => launcherIdToP2PuzzleHash(new Uint8Array(31), 1, new Uint8Array(32))).toThrow(RangeError);
    expect(() => launcherIdToP2PuzzleHash(launchers[0]!, -1, new Uint8Array(32))).toThrow(RangeError);
  });

  it('singletonPuzzleHash and the plot NFT inner puzzles (member, waiting room)', () => {
    const owner = new Uint8Array(48).fill(0xb1);
    const args = {
      targetPuzzleHash: new Uint8Array(32).fill(0x34),
      launcherId: launchers[2]!,
      ownerPublicKey: owner,
      genesisChallenge: hexToBytes('ccd5bb71183532bff220ba46c268991a3ff07eb358e8255a65c30a2dce0e5fbb'),
      delayTime: 604800n,
      delayPuzzleHash: new Uint8Array(32).fill(0x77),
    };
    const p2 = launcherIdToP2PuzzleHash(args.launcherId, args.delayTime, args.delayPuzzleHash);
    const prefix = poolRewardPrefix(args.genesisChallenge);
    expect(hex(prefix)).toBe('ccd5bb71183532bff220ba46c268991a' + '00'.repeat(16));

    const waitingRoom = curry(mod('pool_waitingroom_innerpuz'), [args.targetPuzzleHash, p2, owner, prefix, intToBytes(100)]);
    const waitingRoomHash = poolWaitingRoomInnerPuzzleHash({ ...args, relativeLockHeight: 100 });
    expect(waitingRoomHash).toEqual(treeHash(waitingRoom));

    const member = curry(mod('pool_member_innerpuz'), [args.targetPuzzleHash, p2, owner, prefix, waitingRoomHash]);
    const memberHash = poolMemberInnerPuzzleHash({ ...args, waitingRoomInnerPuzzleHash: waitingRoomHash });
    expect(memberHash).toEqual(treeHash(member));

    const struct: SExp = [SINGLETON_MOD_HASH, [args.launcherId, SINGLETON_LAUNCHER_HASH]];
    const full = curry(mod('singleton_top_layer'), [struct, member]);
    expect(singletonPuzzleHash(args.launcherId, memberHash)).toEqual(treeHash(full));
  });
});
