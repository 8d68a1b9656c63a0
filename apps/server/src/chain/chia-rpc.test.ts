import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absorbSpends, launcherIdToP2PuzzleHash, poolRewardParentId, poolWaitingRoomInnerPuzzleHash, spendBundleJson, streamable } from '@platter/chia';
import { plotNftHistory } from '@platter/chia/testing';
import { loadConfig } from '../config.ts';
import { fullNode } from '../protocols/chia/setup.ts';
import { chiaRpcChain, MAINNET_GENESIS_CHALLENGE } from './chia-rpc.ts';

/**
 * The Chia full node RPC adapter against a local HTTPS server that plays the node: mutual TLS
 * with a private CA (as Chia's ssl/ folder has it), the requests it builds, the answers it reads.
 */

const dir = mkdtempSync(path.join(os.tmpdir(), 'chia-rpc-'));
const file = (name: string) => path.join(dir, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
const requests: { path: string; body: Record<string, unknown>; client: string }[] = [];
let server: https.Server;
let url = '';
const SP = 'ab'.repeat(32);
const { bytesToHex, hexToBytes } = streamable;
/** The plot NFT the node knows: launched to pool A, absorbed, left A, farming to pool B. */
const history = plotNftHistory();
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
  coin: { parentCoinInfo: poolRewardParentId(450, hexToBytes(MAINNET_GENESIS_CHALLENGE)), puzzleHash: P2, amount: 1_750_000_000_000n },
  confirmedHeight: 452,
  spent: false,
  spentHeight: 0,
};
const pushed: Record<string, unknown>[] = [];
const CHALLENGE = 'cd'.repeat(32);

function certificate(name: string, cn: string): void {
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', `/CN=${cn}`);
  openssl('x509', '-req', '-in', file(`${name}.csr`), '-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file(`${name}.crt`), '-days', '2');
}

beforeAll(async () => {
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('ca.key'), '-out', file('ca.crt'), '-days', '2', '-subj', '/CN=Chia CA');
  certificate('node', 'chia.net');
  certificate('pool', 'pool client');
  server = https.createServer({ key: readFileSync(file('node.key')), cert: readFileSync(file('node.crt')), ca: readFileSync(file('ca.crt')), requestCert: true, rejectUnauthorized: true }, (req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      requests.push({ path: req.url ?? '', body, client: String(peer.subject?.CN ?? '') });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/get_coin_record_by_name') {
        const record = history.records.get(bare(body.name));
        return res.end(JSON.stringify(record ? { success: true, coin_record: rpcCoin(record) } : { success: false, error: `Coin record 0x${bare(body.name)} not found` }));
      }
      if (req.url === '/get_coin_records_by_parent_ids') {
        const parents = new Set((body.parent_ids as string[]).map(bare));
        const children = [...history.records.values()].filter((r) => parents.has(bytesToHex(r.coin.parentCoinInfo)));
        return res.end(JSON.stringify({ success: true, coin_records: children.map(rpcCoin) }));
      }
      if (req.url === '/get_puzzle_and_solution') {
        const solution = history.solutions.get(bare(body.coin_id));
        const record = history.records.get(bare(body.coin_id));
        if (!solution || !record || record.spentHeight !== body.height) return res.end(JSON.stringify({ success: false, error: 'Failed to get block' }));
        const reveal = history.reveals.get(bare(body.coin_id));
        return res.end(JSON.stringify({ success: true, coin_solution: { coin: rpcCoin(record).coin, puzzle_reveal: `0x${bytesToHex(reveal ?? new Uint8Array([0x80]))}`, solution: `0x${bytesToHex(solution)}` } }));
      }
      if (req.url === '/get_coin_records_by_puzzle_hash') {
        const found = bare(body.puzzle_hash) === bytesToHex(P2) ? [{ ...rpcCoin(REWARD_RECORD), coinbase: true }, rpcCoin({ ...REWARD_RECORD, coin: { ...REWARD_RECORD.coin, parentCoinInfo: new Uint8Array(32).fill(7) } })] : [];
        return res.end(JSON.stringify({ success: true, coin_records: found }));
      }
      if (req.url === '/push_tx') {
        pushed.push(body.spend_bundle as Record<string, unknown>);
        return res.end(JSON.stringify({ success: true, status: 'SUCCESS' }));
      }
      if (req.url === '/get_blockchain_state') return res.end(JSON.stringify({ success: true, blockchain_state: { peak: { height: 4_200_123 } } }));
      if (req.url === '/get_recent_signage_point_or_eos' && body.sp_hash === `0x${SP}`) {
        return res.end(JSON.stringify({ success: true, signage_point: { cc_vdf: { challenge: `0x${CHALLENGE}` } }, time_received: 1_700_000_000.5, reverted: false }));
      }
      if (req.url === '/get_recent_signage_point_or_eos' && body.challenge_hash === `0x${CHALLENGE}`) {
        return res.end(JSON.stringify({ success: true, eos: { challenge_chain: {} }, time_received: 1_700_000_001, reverted: true }));
      }
      return res.end(JSON.stringify({ success: false, error: 'Did not find sp or eos' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('the Chia full node RPC adapter', () => {
  it('talks mutual TLS and reads the peak and signage points as the pool needs them', async () => {
    const chain = chiaRpcChain('CHIA', { url, certPath: file('pool.crt'), keyPath: file('pool.key'), caPath: file('ca.crt') });
    try {
      expect(await chain.peakHeight()).toBe(4_200_123);
      expect(await chain.signagePointOrEos(SP, false)).toEqual({ spHash: SP, endOfSubSlot: false, challengeHash: CHALLENGE, timeReceived: 1_700_000_000, reverted: false });
      expect(await chain.signagePointOrEos(CHALLENGE, true)).toEqual({ spHash: CHALLENGE, endOfSubSlot: true, challengeHash: CHALLENGE, timeReceived: 1_700_000_001, reverted: true });
      expect(await chain.signagePointOrEos('ef'.repeat(32), false)).toBeNull();
      expect(requests.map((r) => [r.path, r.body, r.client])).toEqual([
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
      requests.length = 0;
      expect(await chain.singleton(launcherId, state)).toEqual(state);
      expect(requests.some((r) => r.body.name === `0x${launcherId}`)).toBe(false);
      expect(requests.map((r) => r.path)).toContain('/get_coin_records_by_parent_ids');
      // A launcher the node has never seen.
      expect(await chain.singleton('00'.repeat(32))).toBeNull();
      expect(hexToBytes(state.tip)).toHaveLength(32);
    } finally {
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
      expect(claimed).toEqual([{ coinId: expect.stringMatching(/^[0-9a-f]{64}$/), height: 450, amount: 1_750_000_000_000n, timestamp: 1_700_000_000 }]);
      // The bundle: the unspent singleton (whose parent was the waiting room) and the reward coin.
      const tip = history.coins[3] as (typeof history.coins)[0];
      const parent = history.coins[2] as (typeof history.coins)[0];
      const waitingRoom = poolWaitingRoomInnerPuzzleHash({
        targetPuzzleHash: history.states.leavingA.target_puzzle_hash,
        launcherId: history.launcherId,
        ownerPublicKey: history.states.leavingA.owner_pubkey,
        genesisChallenge: hexToBytes(MAINNET_GENESIS_CHALLENGE),
        delayTime: history.delayTime,
        delayPuzzleHash: history.delayPuzzleHash,
        relativeLockHeight: 100,
      });
      const expected = absorbSpends({
        launcherId: history.launcherId,
        genesisChallenge: hexToBytes(MAINNET_GENESIS_CHALLENGE),
        delayTime: history.delayTime,
        delayPuzzleHash: history.delayPuzzleHash,
        state: history.states.poolB,
        singleton: tip.coin,
        lineage: { parentCoinInfo: parent.coin.parentCoinInfo, innerPuzzleHash: waitingRoom, amount: 1n },
        rewards: [{ coin: REWARD_RECORD.coin, height: 450 }],
      });
      expect(pushed).toEqual([spendBundleJson(expected)]);
    } finally {
      chain.close();
    }
  });

  it('serves the pools of CHIA_RPC_NETWORK’s coin when CHIA_RPC_URL is set, with the certificates of the node’s ssl folder', async () => {
    const ssl = path.join(dir, 'ssl');
    for (const sub of ['full_node', 'ca']) mkdirSync(path.join(ssl, sub), { recursive: true });
    copyFileSync(file('pool.crt'), path.join(ssl, 'full_node/private_full_node.crt'));
    copyFileSync(file('pool.key'), path.join(ssl, 'full_node/private_full_node.key'));
    copyFileSync(file('ca.crt'), path.join(ssl, 'ca/private_ca.crt'));
    expect(fullNode(loadConfig({}), 'CHIA')).toBeUndefined();
    const mainnet = loadConfig({ CHIA_RPC_URL: url, CHIA_RPC_SSL_DIR: ssl });
    expect(fullNode(mainnet, 'CHIA_TEST')).toBeUndefined();
    const node = fullNode(mainnet, 'CHIA');
    try {
      expect(await node?.peakHeight()).toBe(4_200_123);
    } finally {
      node?.close();
    }
    expect(fullNode(loadConfig({ CHIA_RPC_URL: url, CHIA_RPC_SSL_DIR: ssl, CHIA_RPC_NETWORK: 'testnet11' }), 'CHIA_TEST')).toBeDefined();
    expect(() => loadConfig({ CHIA_RPC_NETWORK: 'testnet10' })).toThrow(/CHIA_RPC_NETWORK/);
  });

  it('is refused by a node whose CA did not sign its certificate', async () => {
    openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('other.key'), '-out', file('other.crt'), '-days', '2', '-subj', '/CN=stranger');
    const chain = chiaRpcChain('CHIA', { url, certPath: file('other.crt'), keyPath: file('other.key'), caPath: file('ca.crt') });
    try {
      await expect(chain.peakHeight()).rejects.toThrow();
    } finally {
      chain.close();
    }
  });
});
