import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chiaRpcChain } from './chia-rpc.ts';

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
      await expect(chain.singleton('00'.repeat(32))).rejects.toThrow(/not implemented/);
    } finally {
      chain.close();
    }
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
