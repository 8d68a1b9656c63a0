import http from 'node:http';
import { addressFromBytes } from '@platter/domain';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, massWalletConfig } from '../config.ts';
import { massWalletStaking, MassWalletError } from './mass-wallet.ts';

/**
 * The MassNet wallet adapter against a local HTTP server answering as the wallet's gateway does
 * (massnetorg/MassNet-wallet docs/API_EN.md, api/block_service.go, api/errors.go): 64-bit figures
 * (heights, times) as decimal strings, amounts as MASS strings, the staking list in rank order
 * from rank 0 and only the paid ranks, a height above the best block refused with the wallet's
 * code 1501 on a non-2xx answer `{error, code, message}`, GetBlockByHeight by POST.
 */

// Staking addresses (ms1qp…) with good checksums.
const POOL = addressFromBytes('MASS', new Uint8Array(32).fill(8));
const OTHER = addressFromBytes('MASS', new Uint8Array(32).fill(9));
const BEST = 1_398_566;
const TIME = 1_626_323_043;
const calls: string[] = [];
let server: http.Server;
let url = '';

function reply(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    const refused = (code: number, message: string) => reply(res, 500, { error: message, code, message, details: [] });
    const best = /^\/v1\/blocks\/best$/.exec(req.url ?? '');
    const header = /^\/v1\/blocks\/height\/(\d+)$/.exec(req.url ?? '');
    const staking = /^\/v1\/blocks\/(\d+)\/stakingreward$/.exec(req.url ?? '');
    if (best && req.method === 'GET') return reply(res, 200, { height: String(BEST), target: 'b173f7b71' });
    if (req.url === '/v1/client/status' && req.method === 'GET')
      return reply(res, 200, {
        peer_listening: true,
        syncing: false,
        chain_id: 'e931abb7',
        local_best_height: String(BEST),
        known_best_height: String(BEST),
        wallet_sync_height: String(BEST),
      });
    const validate = /^\/v1\/addresses\/([^/]+)\/validate$/.exec(req.url ?? '');
    if (validate && req.method === 'GET') {
      const address = decodeURIComponent(validate[1]!);
      return reply(res, 200, { is_valid: address.startsWith('ms1q'), is_mine: false, address, version: address.startsWith('ms1qp') ? 1 : 0 });
    }
    if (header && req.method === 'POST') {
      const height = Number(header[1]);
      if (height > BEST) return refused(1202, 'Block not found');
      return reply(res, 200, {
        hash: `c80fa7${height}`,
        previous_hash: `c80fa7${height - 1}`,
        height: String(height),
        time: String(TIME - (BEST - height) * 45),
        time_utc: '',
        raw_tx: [],
      });
    }
    if (header) return reply(res, 405, { error: 'Method Not Allowed', code: 12, message: 'Method Not Allowed' });
    if (staking && req.method === 'GET') {
      const height = Number(staking[1]);
      if (height > BEST) return refused(1501, 'Invalid parameter');
      if (height === 13) return reply(res, 200, 'not json');
      if (height === 14) return reply(res, 200, { height: String(height), details: [{ rank: 0, amount: 3000, weight: 1, address: POOL, profit: '1' }] });
      // In rank order; the pool ranks 2 (third) at height 100, beyond the paid ranks (absent) at 101.
      const details =
        height === 101
          ? [{ rank: 0, amount: '3000', weight: 19493100000000000, address: OTHER, profit: '61.79441473' }]
          : [
              { rank: 0, amount: '3000', weight: 19493100000000000, address: OTHER, profit: '61.79441473' },
              { rank: 1, amount: '2049', weight: 2309427900000000, address: 'ms1qpsomeoneelse', profit: '42.20558526' },
              { rank: 2, amount: '2048.5', weight: 2300000000000000, address: POOL, profit: '0.00000001' },
            ];
      return reply(res, 200, { height: String(height), details });
    }
    reply(res, 404, { error: 'Not Found', code: 5, message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('the MassNet wallet staking adapter', () => {
  it('reads the best height, a block’s time and the pool’s reward in it, with MassNet’s rank counted from 1', async () => {
    const wallet = massWalletStaking({ url, addresses: [POOL] });
    expect(await wallet.bestHeight()).toBe(BEST);
    const block = await wallet.block(100);
    expect(block).toEqual({
      height: 100,
      time: new Date((TIME - (BEST - 100) * 45) * 1000),
      hash: 'c80fa7100',
      previousHash: 'c80fa799',
      rewards: [{ address: POOL, rank: 3, profit: 1n, staked: 204_850_000_000n }],
    });
    // Beyond the paid ranks the wallet does not list the pool: nothing for it in that block.
    expect((await wallet.block(101)).rewards).toEqual([]);
    expect(calls).toContain('POST /v1/blocks/height/100');
    expect(calls).toContain('GET /v1/blocks/100/stakingreward');
  });

  it('reads the node’s sync state and chain, and asks the wallet whether each address is a staking address', async () => {
    expect(await massWalletStaking({ url, addresses: [POOL] }).status()).toEqual({ syncing: false, chainId: 'e931abb7' });
    expect(await massWalletStaking({ url, addresses: [POOL, OTHER] }).invalidAddresses()).toEqual([]);
    const ordinary = 'ms1qqehh47s0hvzrqqjl77ayj78yytstjkrsltcna343p8yg7ndskvveql4z3vl';
    const wallet = massWalletStaking({ url, addresses: [POOL, ordinary, 'typo'] });
    expect(await wallet.invalidAddresses()).toEqual([ordinary, 'typo']);
    // Asked again (the job's next run): a staking address is not asked about twice; the others are.
    calls.length = 0;
    expect(await wallet.invalidAddresses()).toEqual([ordinary, 'typo']);
    expect(calls.filter((c) => c.endsWith('/validate'))).toEqual([`GET /v1/addresses/${ordinary}/validate`, 'GET /v1/addresses/typo/validate']);
  });

  it('turns the wallet’s refusals and unreadable answers into errors with its code; never asks height 0 (the best block)', async () => {
    const wallet = massWalletStaking({ url, addresses: [POOL] });
    const refusal = await wallet.block(BEST + 1).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(MassWalletError);
    expect(refusal).toMatchObject({ status: 500 });
    expect([1501, 1202]).toContain((refusal as MassWalletError).code);
    await expect(wallet.block(13)).rejects.toThrow(/not JSON/);
    // An amount written as a number is not the wallet's shape.
    await expect(wallet.block(14)).rejects.toThrow(/unexpected answer/);
    await expect(wallet.block(0)).rejects.toThrow(RangeError);
    // Nobody listening: an error, not a silent zero.
    await expect(massWalletStaking({ url: 'http://127.0.0.1:1/', addresses: [POOL], timeoutMs: 2_000 }).bestHeight()).rejects.toBeInstanceOf(MassWalletError);
  });

  it('is configured by MASS_WALLET_URL with the pool’s staking addresses', () => {
    expect(massWalletConfig(loadConfig({}))).toBeUndefined();
    expect(massWalletConfig(loadConfig({ MASS_WALLET_URL: url, MASS_STAKING_ADDRESSES: `${POOL}, ${OTHER}` }))).toMatchObject({ url, addresses: [POOL, OTHER] });
    expect(() => massWalletConfig(loadConfig({ MASS_WALLET_URL: url }))).toThrow(ConfigError);
    expect(() => loadConfig({ MASS_STAKING_ADDRESSES: 'not an address!' })).toThrow(ConfigError);
    // An ordinary address (ms1qq…) earns no staking reward: refused.
    expect(() => loadConfig({ MASS_STAKING_ADDRESSES: 'ms1qqehh47s0hvzrqqjl77ayj78yytstjkrsltcna343p8yg7ndskvveql4z3vl' })).toThrow(ConfigError);
    expect(() => loadConfig({ MASS_STAKING_CONFIRMATIONS: '0' })).toThrow(ConfigError);
  });
});
