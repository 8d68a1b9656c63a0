import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { ChiaChain, SignagePointOrEos } from './chia.ts';

/**
 * The Chia full node's RPC (port 8555) for production, over mutual TLS with the node's
 * private CA and the full node's certificate pair (`~/.chia/mainnet/config/ssl/...`). Chia's
 * RPC is JSON POSTed to /<method>; answers carry `success`.
 *
 * Not done yet: reading a plot NFT singleton's pool state needs CLVM deserialisation of the
 * launcher and singleton spends (get_coin_record_by_name + get_puzzle_and_solution);
 * `singleton()` refuses until that lands, so this adapter is not offered by CHAIN yet.
 */

export interface ChiaRpcOptions {
  /** e.g. https://localhost:8555 */
  url: string;
  certPath: string;
  keyPath: string;
  caPath: string;
  timeoutMs?: number;
}

export function chiaRpcClient(options: ChiaRpcOptions) {
  const agent = new https.Agent({
    cert: readFileSync(options.certPath),
    key: readFileSync(options.keyPath),
    ca: readFileSync(options.caPath),
    // Chia's node certificates name the host "chia.net", not the address we connect to: the
    // private CA is what authenticates it.
    checkServerIdentity: () => undefined,
    keepAlive: true,
  });

  function call<T extends Record<string, unknown>>(method: string, body: Record<string, unknown>): Promise<T> {
    return new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      const request = https.request(
        new URL(`/${method}`, options.url),
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }, timeout: options.timeoutMs ?? 10_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            try {
              const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as T & { success?: boolean; error?: string };
              if (answer.success === false) reject(new Error(`chia rpc ${method}: ${answer.error ?? 'failed'}`));
              else resolve(answer);
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`chia rpc ${method}: timed out`)));
      request.on('error', reject);
      request.end(payload);
    });
  }

  return {
    call,
    close: () => agent.destroy(),
  };
}

const strip = (hex: string) => hex.replace(/^0x/i, '').toLowerCase();

interface RecentAnswer {
  signage_point?: { cc_vdf: { challenge: string } } | null;
  eos?: { challenge_chain: { get_hash?: string } } | null;
  time_received: number;
  reverted: boolean;
}

/** The pool's view of a real Chia full node (signage points, peak). */
export function chiaRpcChain(coin: string, options: ChiaRpcOptions): ChiaChain & { close(): void } {
  const rpc = chiaRpcClient(options);
  return {
    coin,
    async peakHeight() {
      const answer = await rpc.call<{ blockchain_state: { peak: { height: number } | null } }>('get_blockchain_state', {});
      return answer.blockchain_state.peak?.height ?? 0;
    },
    async signagePointOrEos(spHash, endOfSubSlot): Promise<SignagePointOrEos | null> {
      try {
        const answer = await rpc.call<RecentAnswer & Record<string, unknown>>('get_recent_signage_point_or_eos', endOfSubSlot ? { challenge_hash: `0x${spHash}` } : { sp_hash: `0x${spHash}` });
        // For an end of sub-slot the challenge is the sub-slot's own hash (the sp_hash asked for).
        const challenge = answer.signage_point ? strip(answer.signage_point.cc_vdf.challenge) : spHash;
        return { spHash, endOfSubSlot, challengeHash: challenge, timeReceived: Math.floor(answer.time_received), reverted: answer.reverted };
      } catch (error) {
        // The node answers success: false for a signage point it does not know (yet).
        if (error instanceof Error && /did not find|not found/i.test(error.message)) return null;
        throw error;
      }
    },
    singleton() {
      return Promise.reject(new Error('chia rpc: reading plot NFT singletons is not implemented yet'));
    },
    close: () => rpc.close(),
  };
}
