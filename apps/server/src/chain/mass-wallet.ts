import { parseAmount, stakingPosition } from '@platter/domain';
import { z } from 'zod';

/**
 * Where the MASS locked (staking) revenue comes from (issue 22; README 'MASS locked revenue
 * from the wallet'): the blocks of the chain, each with the staking rewards its coinbase paid
 * the pool's staking addresses. The job `staking-income` reads them block by block and books
 * each whole settled day once through the mortgage income. Two implementations: a MassNet
 * wallet over its HTTP API (massWalletStaking) and the devnet's (mass-staking-devnet.ts, fed by
 * the simulator).
 */
export interface StakingBlock {
  height: number;
  time: Date;
  /** The block's hash and its parent's: a parent that is not the block read before it is a reorganisation. */
  hash: string;
  previousHash: string;
  /** The rewards this block paid the pool's staking addresses (none when it ranked beyond the paid ranks). */
  rewards: { address: string; rank: number; profit: bigint; staked: bigint }[];
}

export interface StakingSource {
  /** The coin whose mortgage the revenue is (MASS). */
  coin: string;
  /** `wallet` (a MassNet wallet) or `devnet`. */
  kind: 'wallet' | 'devnet';
  /** The chain's newest block height. */
  bestHeight(): Promise<number>;
  /** One block: its time and the pool's rewards in it. */
  block(height: number): Promise<StakingBlock>;
  /** Whether the node is still catching up, and which chain it follows (null: not said). */
  status(): Promise<{ syncing: boolean; chainId: string | null }>;
  /** Of the pool's staking addresses, those the wallet says are not valid staking addresses. */
  invalidAddresses(): Promise<string[]>;
}

/**
 * The MassNet wallet refused a call or answered something unreadable. `code` is the wallet's
 * error code (api/errors.go: 1501 invalid parameter — a height above the best block —, 1202 block
 * not found, 1109 query data failed, 1111 abnormal data…) when its answer carried one.
 */
export class MassWalletError extends Error {
  override name = 'MassWalletError';
  constructor(
    readonly path: string,
    readonly status: number | null,
    readonly code: number | null,
    reason: string,
  ) {
    super(`MassNet wallet ${path}: ${reason}${code !== null ? ` (code ${code})` : ''}`);
  }
}

/** A 64-bit integer as the wallet's JSON gateway writes it: a decimal string (numbers accepted too). */
const u64 = z.union([z.string().regex(/^\d{1,20}$/), z.number().int().nonnegative()]).transform((v) => Number(v));
/** A MASS amount: a decimal string of at most 8 decimals. */
const mass = z.string().regex(/^\d{1,20}(\.\d{1,8})?$/);

const bestBlockSchema = z.object({ height: u64 });
const blockSchema = z.object({ height: u64, time: u64, hash: z.string().min(1), previous_hash: z.string() });
const statusSchema = z.object({ syncing: z.boolean(), chain_id: z.string().optional() });
const validateSchema = z.object({ is_valid: z.boolean(), version: z.number().int().optional() });
const stakingRewardSchema = z.object({
  height: u64.optional(),
  details: z
    .array(
      z.object({
        rank: z.number().int().nonnegative().default(0),
        amount: mass,
        weight: z.number().optional(),
        address: z.string().min(1),
        profit: mass,
      }),
    )
    .default([]),
});
const errorSchema = z.object({ code: z.union([z.number(), z.string()]).optional(), message: z.string().optional(), error: z.string().optional() });

export interface MassWalletOptions {
  /** The wallet's API, e.g. http://127.0.0.1:9688 (its `api_port_http`). */
  url: string;
  /** The pool's staking addresses (`ms1qp…`): the positions whose rewards are the pool's locked revenue. */
  addresses: readonly string[];
  timeoutMs?: number;
}

/**
 * A MassNet wallet (massnetorg/MassNet-wallet, its docs/API_EN.md and api/*.go) over its HTTP
 * gateway (grpc-gateway, JSON, no credentials — keep it on loopback):
 * - `GET /v1/blocks/best`: the best block, `height` a decimal string;
 * - `GET /v1/client/status`: `syncing` (nothing is read while the node catches up) and `chain_id`;
 * - `GET /v1/addresses/{address}/validate`: `is_valid` and `version` (1: a staking address);
 * - `POST /v1/blocks/height/{height}`: a block, `time` its unix seconds as a decimal string, `hash`, `previous_hash`;
 * - `GET /v1/blocks/{height}/stakingreward`: the staking positions the block's coinbase paid, in
 *   rank order (`rank` from 0; `amount` staked and `profit` of the block as MASS strings; the
 *   list stops at the first unpaid rank). Height 0 means the best block, so height 0 is never
 *   asked; a height above the best block is refused (1501).
 * A refusal is a non-2xx answer `{error, code, message}` with the wallet's own code.
 */
export function massWalletStaking(options: MassWalletOptions): StakingSource {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const ours = new Set(options.addresses);

  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { Accept: 'application/json', ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
        ...(method === 'POST' ? { body: '{}' } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new MassWalletError(path, null, null, error instanceof Error ? error.message : String(error));
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      throw new MassWalletError(path, response.status, null, `not JSON (HTTP ${response.status})`);
    }
    if (!response.ok) {
      const refused = errorSchema.safeParse(body);
      const code = refused.success && refused.data.code !== undefined ? Number(refused.data.code) : null;
      const reason = (refused.success && (refused.data.message ?? refused.data.error)) || `HTTP ${response.status}`;
      throw new MassWalletError(path, response.status, Number.isFinite(code) ? code : null, reason);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new MassWalletError(path, response.status, null, `unexpected answer: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return parsed.data;
  }

  const staking = new Set<string>();
  return {
    coin: 'MASS',
    kind: 'wallet',
    async bestHeight() {
      return (await call('GET', '/v1/blocks/best', bestBlockSchema)).height;
    },
    async status() {
      const status = await call('GET', '/v1/client/status', statusSchema);
      return { syncing: status.syncing, chainId: status.chain_id || null };
    },
    async invalidAddresses() {
      const invalid: string[] = [];
      for (const address of options.addresses) {
        // An address once found a staking address stays one: the job (every minute) asks once per process.
        if (staking.has(address)) continue;
        // Version 1: a staking address (0 is an ordinary one).
        const answer = await call('GET', `/v1/addresses/${encodeURIComponent(address)}/validate`, validateSchema);
        if (!answer.is_valid || answer.version !== 1) invalid.push(address);
        else staking.add(address);
      }
      return invalid;
    },
    async block(height) {
      if (!Number.isSafeInteger(height) || height < 1) throw new RangeError('a block height is a positive integer (0 would be the best block)');
      const [header, staking] = await Promise.all([
        call('POST', `/v1/blocks/height/${height}`, blockSchema),
        call('GET', `/v1/blocks/${height}/stakingreward`, stakingRewardSchema),
      ]);
      if (header.height !== height || (staking.height !== undefined && staking.height !== height))
        throw new MassWalletError(`/v1/blocks/${height}`, 200, null, 'answered another height');
      return {
        height,
        time: new Date(header.time * 1000),
        hash: header.hash,
        previousHash: header.previous_hash,
        rewards: staking.details
          .filter((d) => ours.has(d.address))
          .map((d) => ({ address: d.address, rank: stakingPosition(d.rank), profit: parseAmount(d.profit, 8), staked: parseAmount(d.amount, 8) })),
      };
    },
  };
}
