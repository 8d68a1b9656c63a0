import {
  absorbSpends,
  coinId,
  farmedHeight,
  followPlotNft,
  GENESIS_CHALLENGES,
  SELF_POOLING,
  SINGLETON_LAUNCHER_HASH,
  singletonInnerPuzzleHash,
  spendBundleJson,
  streamable,
  type CoinRecord,
  type PoolState as PoolStateCodec,
  type SingletonNode,
} from '@platter/chia';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { PoolState } from '../protocols/chia/chia.schema.ts';
import type { ChiaChain, ClaimedReward, ClaimOutcome, SignagePointOrEos, SingletonState } from './chia.ts';

/**
 * The Chia full node's RPC (port 8555) for production, over mutual TLS with the node's
 * private CA and the full node's certificate pair (`~/.chia/mainnet/config/ssl/...`). Chia's
 * RPC is JSON POSTed to /<method>; answers carry `success`.
 *
 * A plot NFT is followed as the reference pool does (packages/chia followPlotNft): from its
 * launcher, or from the tip the pool read before, along get_coin_records_by_parent_ids and
 * get_puzzle_and_solution to the unspent singleton.
 */

export interface ChiaRpcOptions {
  /** e.g. https://localhost:8555 */
  url: string;
  certPath: string;
  keyPath: string;
  caPath: string;
  timeoutMs?: number;
  /** The network's genesis challenge (plot NFT puzzles commit to it); mainnet's by default. */
  genesisChallenge?: Uint8Array;
  /** Blocks a plot NFT's spend must be buried under before its state counts (the reference's confirmation_security_threshold). */
  confirmations?: number;
  /** SHA-256 fingerprint of the one server certificate accepted (the wallet's own), beyond the CA. */
  pinnedCertSha256?: string;
}

/** JSON with bigint amounts written as plain integers (Chia's RPC reads them as Python ints). */
function toJson(body: unknown): string {
  return JSON.stringify(body, (_key, value: unknown) => (typeof value === 'bigint' ? `\u0000big:${value}` : value)).replace(/"\\u0000big:(-?\d+)"/g, '$1');
}

/** JSON whose integers beyond 2^53 (mojo amounts) arrive as strings instead of rounded numbers. */
function fromJson(text: string): unknown {
  return JSON.parse(text.replace(/([:[,]\s*)(-?\d{16,})(?=\s*[,}\]])/g, '$1"$2"'));
}

/** The node or wallet answered `success: false`: it refused the call (nothing was done). */
export class ChiaRpcRefusal extends Error {
  override name = 'ChiaRpcRefusal';
  constructor(
    readonly method: string,
    readonly reason: string,
  ) {
    super(`chia rpc ${method}: ${reason}`);
  }
}

export function chiaRpcClient(options: ChiaRpcOptions) {
  const agent = new https.Agent({
    cert: readFileSync(options.certPath),
    key: readFileSync(options.keyPath),
    ca: readFileSync(options.caPath),
    // Chia's node certificates name the host "chia.net", not the address we connect to: the
    // private CA is what authenticates it — and, when pinned, the server's own certificate.
    checkServerIdentity: (_host, cert) => {
      const pinned = options.pinnedCertSha256?.replace(/:/g, '').toLowerCase();
      if (!pinned || cert.fingerprint256.replace(/:/g, '').toLowerCase() === pinned) return undefined;
      return new Error(`chia rpc: the server's certificate ${cert.fingerprint256} is not the pinned one`);
    },
    keepAlive: true,
  });

  function call<T extends Record<string, unknown>>(method: string, body: Record<string, unknown>): Promise<T> {
    return new Promise((resolve, reject) => {
      const payload = toJson(body);
      const request = https.request(
        new URL(`/${method}`, options.url),
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }, timeout: options.timeoutMs ?? 10_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            try {
              const answer = fromJson(Buffer.concat(chunks).toString('utf8')) as T & { success?: boolean; error?: string };
              if (answer.success === false) reject(new ChiaRpcRefusal(method, answer.error ?? 'failed'));
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

const { bytesToHex, hexToBytes } = streamable;
const strip = (hex: string) => hex.replace(/^0x/i, '').toLowerCase();
const prefixed = (bytes: Uint8Array) => `0x${bytesToHex(bytes)}`;

interface RpcCoinRecord {
  coin: { parent_coin_info: string; puzzle_hash: string; amount: number | string };
  confirmed_block_index: number;
  spent: boolean;
  spent_block_index: number;
  coinbase?: boolean;
  timestamp?: number;
}

/** The reference pool's limit of absorbs per spend bundle. */
const ABSORBS_PER_BUNDLE = 50;

function coinRecord(record: RpcCoinRecord): CoinRecord {
  return {
    coin: { parentCoinInfo: hexToBytes(strip(record.coin.parent_coin_info)), puzzleHash: hexToBytes(strip(record.coin.puzzle_hash)), amount: BigInt(record.coin.amount) },
    confirmedHeight: record.confirmed_block_index,
    spent: record.spent,
    spentHeight: record.spent_block_index,
  };
}

function toPoolState(state: PoolStateCodec): PoolState {
  return {
    version: state.version,
    state: state.state as PoolState['state'],
    target_puzzle_hash: bytesToHex(state.target_puzzle_hash),
    owner_pubkey: bytesToHex(state.owner_pubkey),
    pool_url: state.pool_url,
    relative_lock_height: state.relative_lock_height,
  };
}

function fromPoolState(state: PoolState): PoolStateCodec {
  return {
    version: state.version,
    state: state.state,
    target_puzzle_hash: hexToBytes(strip(state.target_puzzle_hash)),
    owner_pubkey: hexToBytes(strip(state.owner_pubkey)),
    pool_url: state.pool_url,
    relative_lock_height: state.relative_lock_height,
  };
}

interface RecentAnswer {
  signage_point?: { cc_vdf: { challenge: string } } | null;
  eos?: { challenge_chain: { get_hash?: string } } | null;
  time_received: number;
  reverted: boolean;
}

/** The pool's view of a real Chia full node (signage points, peak). */
export function chiaRpcChain(coin: string, options: ChiaRpcOptions): ChiaChain & { close(): void } {
  const rpc = chiaRpcClient(options);
  const genesisChallenge = options.genesisChallenge ?? GENESIS_CHALLENGES.mainnet;
  /** confirmation_security_threshold: what money depends on is buried this deep. */
  const burial = options.confirmations ?? 6;
  const node: SingletonNode = {
    async coinRecord(id) {
      try {
        const answer = await rpc.call<{ coin_record: RpcCoinRecord }>('get_coin_record_by_name', { name: prefixed(id) });
        return coinRecord(answer.coin_record);
      } catch (error) {
        // The node answers success: false for a coin it has never seen.
        if (error instanceof Error && /not found/i.test(error.message)) return null;
        throw error;
      }
    },
    async children(parentId) {
      const answer = await rpc.call<{ coin_records: RpcCoinRecord[] }>('get_coin_records_by_parent_ids', { parent_ids: [prefixed(parentId)], include_spent_coins: true });
      return answer.coin_records.map(coinRecord);
    },
    async spend(id, spentHeight) {
      const answer = await rpc.call<{ coin_solution: { puzzle_reveal: string; solution: string } }>('get_puzzle_and_solution', { coin_id: prefixed(id), height: spentHeight });
      return { puzzleReveal: hexToBytes(strip(answer.coin_solution.puzzle_reveal)), solution: hexToBytes(strip(answer.coin_solution.solution)) };
    },
  };
  async function peakHeight(): Promise<number> {
    const answer = await rpc.call<{ blockchain_state: { peak: { height: number } | null } }>('get_blockchain_state', {});
    return answer.blockchain_state.peak?.height ?? 0;
  }
  return {
    coin,
    peakHeight,
    async signagePointOrEos(spHash, endOfSubSlot): Promise<SignagePointOrEos | null> {
      try {
        const answer = await rpc.call<RecentAnswer & Record<string, unknown>>(
          'get_recent_signage_point_or_eos',
          endOfSubSlot ? { challenge_hash: `0x${spHash}` } : { sp_hash: `0x${spHash}` },
        );
        // For an end of sub-slot the challenge is the sub-slot's own hash (the sp_hash asked for).
        const challenge = answer.signage_point ? strip(answer.signage_point.cc_vdf.challenge) : spHash;
        return { spHash, endOfSubSlot, challengeHash: challenge, timeReceived: Math.floor(answer.time_received), reverted: answer.reverted };
      } catch (error) {
        // The node answers success: false for a signage point it does not know (yet).
        if (error instanceof Error && /did not find|not found/i.test(error.message)) return null;
        throw error;
      }
    },
    async singleton(launcherId, known): Promise<SingletonState | null> {
      const from = known
        ? { tip: hexToBytes(known.tip), state: fromPoolState(known.state), delayTime: BigInt(known.delayTime), delayPuzzleHash: hexToBytes(strip(known.delayPuzzleHash)) }
        : undefined;
      const found = await followPlotNft(node, hexToBytes(strip(launcherId)), {
        peakHeight: await peakHeight(),
        confirmations: options.confirmations ?? 6,
        genesisChallenge,
        ...(from ? { from } : {}),
      });
      if (!found) return null;
      return {
        launcherId: strip(launcherId),
        delayTime: Number(found.delayTime),
        delayPuzzleHash: bytesToHex(found.delayPuzzleHash),
        tip: bytesToHex(found.tip),
        tipHeight: found.tipHeight,
        state: toPoolState(found.state),
        latest: toPoolState(found.latest),
        latestHeight: found.unspent.confirmedHeight,
      };
    },
    async claimRewards(farmer, targetPuzzleHash): Promise<ClaimedReward[]> {
      // Coinbase coins at the NFT's pool contract address, buried under the confirmation
      // threshold (as the reference claims them), with the heights they were farmed at.
      const peak = await peakHeight();
      const waiting = await rpc.call<{ coin_records: RpcCoinRecord[] }>('get_coin_records_by_puzzle_hash', {
        puzzle_hash: `0x${strip(farmer.p2SingletonPuzzleHash)}`,
        include_spent_coins: false,
      });
      const rewards = waiting.coin_records
        .filter((r) => r.coinbase && !r.spent && r.confirmed_block_index <= peak - burial)
        .map((r) => {
          const { coin } = coinRecord(r);
          return { record: r, coin, height: farmedHeight(coin, r.confirmed_block_index, genesisChallenge) };
        })
        .filter((r): r is typeof r & { height: number } => r.height !== null)
        .slice(0, ABSORBS_PER_BUNDLE);
      if (rewards.length === 0) return [];
      // The singleton as it is now (no burial wait: an absorb spends the newest coin). The
      // reference skips only a self-pooling NFT: the waiting room still pays the pool it leaves.
      const launcherId = hexToBytes(strip(farmer.launcherId));
      const nft = await followPlotNft(node, launcherId, { peakHeight: peak, confirmations: 0, genesisChallenge });
      if (!nft || nft.latest.state === SELF_POOLING || bytesToHex(nft.latest.target_puzzle_hash) !== strip(targetPuzzleHash)) return [];
      const parent = nft.parent.coin;
      const lineage =
        bytesToHex(parent.puzzleHash) === bytesToHex(SINGLETON_LAUNCHER_HASH)
          ? { parentCoinInfo: parent.parentCoinInfo, amount: parent.amount }
          : {
              parentCoinInfo: parent.parentCoinInfo,
              innerPuzzleHash: singletonInnerPuzzleHash((await node.spend(coinId(parent), nft.parent.spentHeight)).puzzleReveal),
              amount: parent.amount,
            };
      const spends = absorbSpends({
        launcherId,
        genesisChallenge,
        delayTime: nft.delayTime,
        delayPuzzleHash: nft.delayPuzzleHash,
        state: nft.latest,
        singleton: nft.unspent.coin,
        lineage,
        rewards: rewards.map((r) => ({ coin: r.coin, height: r.height })),
      });
      await rpc.call('push_tx', { spend_bundle: spendBundleJson(spends) });
      const target = hexToBytes(strip(targetPuzzleHash));
      return rewards.map((r, i) => {
        // The singleton spent with this reward pays the reward to the target: that coin's id.
        const singleton = (spends[2 * i] as (typeof spends)[number]).coin;
        const arrival = coinId({ parentCoinInfo: coinId(singleton), puzzleHash: target, amount: r.coin.amount });
        return { coinId: bytesToHex(coinId(r.coin)), height: r.height, amount: r.coin.amount, timestamp: Math.floor(r.record.timestamp ?? 0), arrivalCoinId: bytesToHex(arrival) };
      });
    },
    async claimOutcome(claim): Promise<ClaimOutcome> {
      const peak = await peakHeight();
      const arrival = await node.coinRecord(hexToBytes(strip(claim.arrivalCoinId)));
      if (arrival) return arrival.confirmedHeight <= peak - burial ? { status: 'arrived', amount: arrival.coin.amount } : { status: 'waiting' };
      const reward = await node.coinRecord(hexToBytes(strip(claim.coinId)));
      // The reward coin itself reorged away: its block is no longer the pool's.
      if (!reward) return { status: 'lost' };
      if (!reward.spent) return { status: 'unclaimed' };
      // Spent, but not by our absorb (the farmer's delayed claim, or an absorb of another tip):
      // final once that spend is buried.
      return reward.spentHeight <= peak - burial ? { status: 'lost' } : { status: 'waiting' };
    },
    close: () => rpc.close(),
  };
}
