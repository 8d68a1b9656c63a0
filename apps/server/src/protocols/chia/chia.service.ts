import { decodePuzzleHash, getCurrentAuthenticationToken, validateAuthenticationToken } from '@platter/chia';
import { utcDay } from '@platter/domain';
import { createHash, randomBytes } from 'node:crypto';
import type { ChiaChain, SingletonState } from '../../chain/chia.ts';
import type { Db } from '../../db/database.ts';
import {
  applyDueUpdates,
  confirmedProofs,
  confirmPartial,
  duePartials,
  findFarmer,
  insertFarmer,
  moveFarmer,
  insertLoginGrant,
  insertPartial,
  poolFeeBp,
  pointsSinceLastPayout,
  rejectPartial,
  applyFarmerKeys,
  scheduleUpdate,
  setDifficulty,
  updateSingleton,
  type FarmerRecord,
} from './chia.repository.ts';
import {
  AUTHENTICATION_TOKEN_TIMEOUT,
  FARMER_UPDATE_COOLDOWN_SECONDS,
  LEAVING_POOL,
  MIN_DELAY_TIME,
  NUMBER_OF_PARTIALS_TARGET,
  POOL_PROTOCOL_VERSION,
  RELATIVE_LOCK_HEIGHT,
  SELF_POOLING,
} from './constants.ts';
import { nextDifficulty } from './difficulty.ts';
import { PoolProtocolError, proofVerifier } from './proof.ts';
import { collectPoolRewards } from './rewards.ts';
import type { ChiaPrimitives, FarmerPayloadFields, PartialPayloadFields } from './primitives.ts';
import { recordSharesIngested } from '../../metrics/metrics.ts';
import type { ProofRules } from './proof.ts';

export { PoolProtocolError } from './proof.ts';

/**
 * The Chia pool protocol v1 (issue 6), as the reference pool (Chia-Network/pool-reference)
 * serves it: pool info, farmer registration and updates signed by the plot NFT's owner key,
 * partials signed by the plot key and the farmer's authentication key, difficulty adjustment,
 * and the delayed confirmation after which a partial's points count.
 */

/** A PP pool's settings; the proof rules (time limit, k, plot filter, constant factor) as in proof.ts. */
export interface ChiaPoolSettings extends ProofRules {
  /** The pool (pools.type) this endpoint serves: chiapp, chia_test … */
  pool: string;
  name: string;
  description: string;
  logoUrl: string;
  /** Where the plot NFTs pay the pool's 7/8 (hex, 32 bytes). */
  targetPuzzleHash: string;
  minDifficulty: bigint;
  defaultDifficulty: bigint;
  /** Seconds before an accepted partial's points count (reorg and duplicate check). */
  confirmationDelay: number;
  /** Where GET /login sends the browser (the web app's binding page). */
  loginRedirect: string;
  /** A test network's pool: payout addresses are txch…, else xch…. */
  testnet?: boolean;
}

const strip = (hex: string) => hex.replace(/^0x/i, '').toLowerCase();

/** The authentication token of now: minutes / timeout (pool protocol v1). */
export const currentAuthenticationToken = (nowMs: number): bigint => getCurrentAuthenticationToken(AUTHENTICATION_TOKEN_TIMEOUT, nowMs);

/**
 * Payout instructions as a puzzle hash (hex, 32 bytes): given as hex, or as an address of the
 * pool's network (xch / txch), decoded as the farmer's client may send one. Error 13 otherwise.
 */
function payoutPuzzleHash(instructions: string, testnet: boolean): string {
  const hex = strip(instructions);
  if (/^[0-9a-f]{64}$/.test(hex)) return hex;
  const address = decodePuzzleHash(instructions.trim());
  if (address && address.prefix === (testnet ? 'txch' : 'xch')) return Buffer.from(address.puzzleHash).toString('hex');
  throw new PoolProtocolError('INVALID_PAYOUT_INSTRUCTIONS', 'Payout instructions must be an xch address for this pool.');
}

function checkToken(token: bigint, nowMs: number): void {
  if (!validateAuthenticationToken(token, AUTHENTICATION_TOKEN_TIMEOUT, nowMs)) {
    throw new PoolProtocolError('INVALID_AUTHENTICATION_TOKEN', `authentication_token ${token} invalid for farmer.`);
  }
}

export function chiaPoolService(deps: { db: Db; chain: ChiaChain; crypto: ChiaPrimitives; settings: ChiaPoolSettings; now?: () => number; sleep?: (ms: number) => Promise<void> }) {
  const { db, chain, crypto, settings } = deps;
  const now = deps.now ?? (() => Date.now());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const target = strip(settings.targetPuzzleHash);

  const proofs = proofVerifier({ chain, crypto, rules: settings, now, sleep });

  /** The reference's get_and_validate_singleton_state: the state and whether it farms to us. */
  async function singletonMembership(launcherId: string, known?: FarmerRecord): Promise<{ singleton: SingletonState; isMember: boolean } | null> {
    const singleton = await chain.singleton(
      launcherId,
      known ? { tip: known.singletonTip, state: known.singletonTipState, delayTime: known.delayTime, delayPuzzleHash: known.delayPuzzleHash } : undefined,
    );
    if (!singleton) return null;
    // Membership on the latest state (a farmer who just joined is a member, one who just left
    // is leaving); the buried state is what is stored and what signatures are checked against.
    const state = singleton.latest ?? singleton.state;
    let isMember = true;
    if (strip(state.target_puzzle_hash) !== target) isMember = false;
    else if (state.relative_lock_height !== RELATIVE_LOCK_HEIGHT) isMember = false;
    else if (state.version !== POOL_PROTOCOL_VERSION) isMember = false;
    else if (state.state === SELF_POOLING) isMember = false;
    else if (state.state === LEAVING_POOL && (await chain.peakHeight()) - (singleton.latestHeight ?? singleton.tipHeight) > RELATIVE_LOCK_HEIGHT) isMember = false;
    if (known && (known.singletonTip !== singleton.tip || known.isPoolMember !== isMember)) {
      // The singleton moved (or the leaving wait ran out): keep following it, in case it returns.
      await updateSingleton(db, launcherId, singleton.tip, singleton.tipHeight, singleton.state, isMember, new Date(now()));
    }
    return { singleton, isMember };
  }

  async function knownFarmer(launcherId: string): Promise<FarmerRecord> {
    const farmer = await findFarmer(db, launcherId);
    if (!farmer || farmer.pool !== settings.pool) throw new PoolProtocolError('FARMER_NOT_KNOWN', `Farmer with launcher_id ${launcherId} unknown.`);
    return farmer;
  }

  /** Signature over AuthenticationPayload(method, …) with the farmer's authentication key. */
  async function checkAuthentication(method: 'get_farmer' | 'get_login', launcherId: string, token: bigint, signature: string): Promise<FarmerRecord> {
    checkToken(token, now());
    const farmer = await knownFarmer(launcherId);
    const message = crypto.authenticationPayloadHash(method, launcherId, target, token);
    if (!(await crypto.verify(farmer.authenticationPublicKey, message, signature))) {
      throw new PoolProtocolError('INVALID_SIGNATURE', `Failed to verify signature ${signature} for launcher_id ${launcherId}.`);
    }
    return farmer;
  }

  return {
    settings,

    async poolInfo() {
      const feeBp = await poolFeeBp(db, settings.pool);
      return {
        name: settings.name,
        logo_url: settings.logoUrl,
        minimum_difficulty: Number(settings.minDifficulty),
        relative_lock_height: RELATIVE_LOCK_HEIGHT,
        protocol_version: POOL_PROTOCOL_VERSION,
        fee: (feeBp / 10_000).toString(),
        description: settings.description,
        target_puzzle_hash: `0x${target}`,
        authentication_token_timeout: AUTHENTICATION_TOKEN_TIMEOUT,
      };
    },

    /** GET /farmer: the farmer's record, signed with its authentication key. */
    async getFarmer(query: { launcherId: string; token: bigint; signature: string }) {
      const farmer = await checkAuthentication('get_farmer', query.launcherId, query.token, query.signature);
      return {
        authentication_public_key: `0x${farmer.authenticationPublicKey}`,
        payout_instructions: farmer.payoutInstructions,
        current_difficulty: Number(farmer.difficulty),
        // The reference's points: since the last payout (the pool's last settled day).
        current_points: Number(await pointsSinceLastPayout(db, farmer.launcherId, settings.pool)),
      };
    },

    /** POST /farmer: a plot NFT farming to this pool joins, signed by its owner key. */
    async postFarmer(payload: FarmerPayloadFields & { authenticationPublicKey: string; payoutInstructions: string }, signature: string) {
      checkToken(payload.authenticationToken, now());
      // Known to another Chia pool of this install: the plot NFT may have moved here on chain
      // (each pool has its own target), so it joins like a new farmer and its record moves.
      const existing = await findFarmer(db, payload.launcherId);
      if (existing?.pool === settings.pool) throw new PoolProtocolError('FARMER_ALREADY_KNOWN', `Farmer with launcher_id ${payload.launcherId} already known.`);
      const membership = await singletonMembership(payload.launcherId);
      if (!membership) throw new PoolProtocolError('INVALID_SINGLETON', `Invalid singleton ${payload.launcherId}`);
      if (!membership.isMember) throw new PoolProtocolError('INVALID_SINGLETON', 'Singleton is not assigned to this pool');
      const suggested = payload.suggestedDifficulty;
      const difficulty = suggested === null || suggested < settings.minDifficulty ? settings.defaultDifficulty : suggested;
      const payoutInstructions = payoutPuzzleHash(payload.payoutInstructions, settings.testnet === true);
      const { singleton } = membership;
      if (!(await crypto.verify(singleton.state.owner_pubkey, crypto.farmerPayloadHash('post', payload), signature))) {
        throw new PoolProtocolError('INVALID_SIGNATURE', 'Invalid signature');
      }
      if (singleton.delayTime < MIN_DELAY_TIME) throw new PoolProtocolError('DELAY_TIME_TOO_SHORT', 'Delay time too short, must be at least 1 hour');
      const record = {
        launcherId: payload.launcherId,
        pool: settings.pool,
        p2SingletonPuzzleHash: crypto.p2SingletonPuzzleHash(payload.launcherId, singleton.delayTime, singleton.delayPuzzleHash),
        delayTime: singleton.delayTime,
        delayPuzzleHash: singleton.delayPuzzleHash,
        authenticationPublicKey: strip(payload.authenticationPublicKey),
        ownerPublicKey: strip(singleton.state.owner_pubkey),
        payoutInstructions,
        singletonTip: singleton.tip,
        singletonTipHeight: singleton.tipHeight,
        singletonTipState: singleton.state,
        difficulty,
        isPoolMember: true,
      };
      const added = existing ? await moveFarmer(db, existing.pool, record, new Date(now())) : await insertFarmer(db, record);
      if (!added) throw new PoolProtocolError('FARMER_ALREADY_KNOWN', `Farmer with launcher_id ${payload.launcherId} already known.`);
      return { welcome_message: `Welcome to ${settings.name}!` };
    },

    /**
     * PUT /farmer, signed by the owner key: a new authentication key and payout instructions
     * apply at once (the farmer signs its next partial with the new key); only a new difficulty
     * waits out the cool-down. A retry while a difficulty waits replaces it (same due time).
     */
    async putFarmer(payload: FarmerPayloadFields, signature: string) {
      checkToken(payload.authenticationToken, now());
      const farmer = await knownFarmer(payload.launcherId);
      const membership = await singletonMembership(payload.launcherId, farmer);
      if (!membership) throw new PoolProtocolError('INVALID_SINGLETON', `Invalid singleton ${payload.launcherId}`);
      if (!membership.isMember) throw new PoolProtocolError('INVALID_SINGLETON', 'Singleton is not assigned to this pool');
      if (!(await crypto.verify(membership.singleton.state.owner_pubkey, crypto.farmerPayloadHash('put', payload), signature))) {
        throw new PoolProtocolError('INVALID_SIGNATURE', 'Invalid signature');
      }
      const instructions = payload.payoutInstructions === null ? null : payoutPuzzleHash(payload.payoutInstructions, settings.testnet === true);
      const response: { authentication_public_key?: boolean; payout_instructions?: boolean; suggested_difficulty?: boolean } = {};
      const applied: { authentication_public_key?: string; payout_instructions?: string } = {};
      if (payload.authenticationPublicKey !== null) {
        const key = strip(payload.authenticationPublicKey);
        response.authentication_public_key = key !== farmer.authenticationPublicKey;
        if (response.authentication_public_key) applied.authentication_public_key = key;
      }
      if (instructions !== null) {
        response.payout_instructions = instructions !== farmer.payoutInstructions;
        if (response.payout_instructions) applied.payout_instructions = instructions;
      }
      if (applied.authentication_public_key !== undefined || applied.payout_instructions !== undefined) await applyFarmerKeys(db, farmer.launcherId, applied, new Date(now()));
      if (payload.suggestedDifficulty !== null) {
        const suggested = payload.suggestedDifficulty;
        response.suggested_difficulty = suggested !== farmer.difficulty && suggested >= settings.minDifficulty;
        if (response.suggested_difficulty)
          await scheduleUpdate(db, farmer.launcherId, { difficulty: suggested.toString() }, new Date(now() + FARMER_UPDATE_COOLDOWN_SECONDS * 1000));
      }
      return response;
    },

    /** POST /partial, validated in the reference's order; answers the farmer's next difficulty. */
    async postPartial(payload: PartialPayloadFields, aggregateSignature: string, receivedMs = now()) {
      checkToken(payload.authenticationToken, receivedMs);
      const farmer = await knownFarmer(payload.launcherId);
      const pos = payload.proofOfSpace;
      const message = crypto.partialPayloadHash(payload);
      if (!(await crypto.aggregateVerify([pos.plotPublicKey, farmer.authenticationPublicKey], [message, message], aggregateSignature))) {
        throw new PoolProtocolError('INVALID_SIGNATURE', `The aggregate signature is invalid ${aggregateSignature}`);
      }
      if (pos.poolContractPuzzleHash === null || strip(pos.poolContractPuzzleHash) !== farmer.p2SingletonPuzzleHash) {
        throw new PoolProtocolError('INVALID_P2_SINGLETON_PUZZLE_HASH', `Invalid pool contract puzzle hash ${pos.poolContractPuzzleHash ?? 'None'}`);
      }
      const difficulty = farmer.difficulty;
      await proofs.check({ pos, spHash: payload.spHash, endOfSubSlot: payload.endOfSubSlot, receivedMs, difficulty });
      // The adjustment looks at the farmer's partials before this one (silence is measured up to now).
      const recent = await insertPartial(
        db,
        {
          launcherId: farmer.launcherId,
          pool: settings.pool,
          receivedAt: new Date(receivedMs),
          difficulty,
          spHash: payload.spHash,
          endOfSubSlot: payload.endOfSubSlot,
          posHash: crypto.proofOfSpaceHash(pos),
          harvesterId: payload.harvesterId,
          plotSize: pos.size,
        },
        NUMBER_OF_PARTIALS_TARGET,
      );
      const next = nextDifficulty({ recent, current: difficulty, now: Math.floor(receivedMs / 1000), minimum: settings.minDifficulty });
      if (next !== difficulty) await setDifficulty(db, farmer.launcherId, next);
      return { new_difficulty: Number(next) };
    },

    /** GET /login: a signed link from the farmer's client; answers a one-time grant for the web app. */
    async login(query: { launcherId: string; token: bigint; signature: string }): Promise<{ grant: string; launcherId: string }> {
      const farmer = await checkAuthentication('get_login', query.launcherId, query.token, query.signature);
      const grant = randomBytes(24).toString('base64url');
      await insertLoginGrant(db, { token_hash: createHash('sha256').update(grant).digest('hex'), launcher_id: farmer.launcherId, expires_at: new Date(now() + 15 * 60_000) });
      return { grant, launcherId: farmer.launcherId };
    },

    /**
     * The confirmation step (worker): partials older than the delay are checked again — the
     * signage point still in the chain, the proof not counted before, the singleton still
     * farming to this pool — and then their points count, or they are rejected.
     */
    async confirmDue(): Promise<{ confirmed: number; rejected: number }> {
      const at = new Date(now());
      const due = await duePartials(db, new Date(now() - settings.confirmationDelay * 1000), 2000);
      const mine = due.filter((p) => p.pool === settings.pool);
      if (mine.length === 0) return { confirmed: 0, rejected: 0 };
      const yesterday = utcDay(new Date(now() - 86_400_000));
      const seen = await confirmedProofs(db, [...new Set(mine.map((p) => p.posHash))], yesterday);
      const signage = new Map<string, boolean>();
      const membership = new Map<string, boolean>();
      let confirmed = 0;
      let rejected = 0;
      for (const partial of mine) {
        const spKey = `${partial.endOfSubSlot ? 'eos' : 'sp'}:${partial.spHash}`;
        if (!signage.has(spKey)) {
          const found = await chain.signagePointOrEos(partial.spHash, partial.endOfSubSlot);
          signage.set(spKey, found !== null && !found.reverted);
        }
        if (!signage.get(spKey)) {
          await rejectPartial(db, partial, 'reverted', at);
          rejected++;
          continue;
        }
        if (seen.has(partial.posHash)) {
          await rejectPartial(db, partial, 'duplicate', at);
          rejected++;
          continue;
        }
        if (!membership.has(partial.launcherId)) {
          const farmer = await findFarmer(db, partial.launcherId);
          const state = farmer ? await singletonMembership(partial.launcherId, farmer) : null;
          membership.set(partial.launcherId, state?.isMember === true);
        }
        if (!membership.get(partial.launcherId)) {
          await rejectPartial(db, partial, 'not_member', at);
          rejected++;
          continue;
        }
        seen.add(partial.posHash);
        await confirmPartial(db, partial, at);
        confirmed++;
      }
      recordSharesIngested(settings.pool, 'chia', confirmed);
      return { confirmed, rejected };
    },

    /** Applies PUT /farmer changes whose cool-down has passed (worker). */
    applyUpdates: () => applyDueUpdates(db, new Date(now())),

    /** On a real chain (worker, every few minutes): the members' pool rewards claimed and recorded as blocks. */
    collectRewards: (log?: (error: unknown, launcherId: string) => void) => collectPoolRewards(db, { pool: settings.pool, targetPuzzleHash: target, chain }, log),

    /** Follows a farmer's singleton (the points page refreshes joined / not joined). */
    refreshMembership: async (launcherId: string) => {
      const farmer = await findFarmer(db, launcherId);
      if (!farmer) return null;
      return singletonMembership(launcherId, farmer);
    },
  };
}
export type ChiaPoolService = ReturnType<typeof chiaPoolService>;
