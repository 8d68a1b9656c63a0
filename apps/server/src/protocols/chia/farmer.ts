import { aggregate, calculatePlotIdPh, calculatePosChallenge, createDevPlot, createDevPlotOffThread, keyGen, sign, skToPk } from '@platter/chia';
import { createHash } from 'node:crypto';
import type { ChiaDevnet } from '../../chain/chia-devnet.ts';
import type { SignagePointOrEos } from '../../chain/chia.ts';
import type { PoolState } from './chia.schema.ts';
import { currentAuthenticationToken } from './chia.service.ts';
import { FARMING_TO_POOL, ITERS_LIMIT, POOL_PROTOCOL_VERSION, RELATIVE_LOCK_HEIGHT } from './constants.ts';
import type { ChiaPrimitives, PartialPayloadFields, ProofOfSpaceFields } from './primitives.ts';

/**
 * A Chia farmer as the official client behaves towards a pool, for the devnet simulator and
 * the tests: real BLS keys (owner, authentication, plot), a plot NFT singleton on the devnet's
 * chain, a real small-k dev plot whose proofs answer the signage points, and the pool protocol
 * requests signed as the Chia farmer signs them, sent over HTTP.
 */

export type Send = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => Promise<{ status: number; body: Record<string, unknown>; location?: string }>;

const seeded = (seed: string, label: string) => Uint8Array.from(createHash('sha256').update(`${seed}:${label}`).digest());
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bytes = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));

/** fetch-based sender to a pool URL (the simulator; tests use it against a listening app); `headers` go with every call (the OG pool's x-api-key). */
export function httpSender(baseUrl: string, headers: Record<string, string> = {}): Send {
  return async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const location = response.headers.get('location');
    return { status: response.status, body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {}, ...(location ? { location } : {}) };
  };
}

/**
 * The proofs a small dev plot finds for a signage point, each with whether its required
 * iterations at `difficulty` are below the limit (the farmer sends only those, as Chia's does).
 * Plotting takes seconds: the plot is made on the first signage point it answers, or in a
 * worker thread by `prepare()` (a server's own simulated farmers: its event loop stays free).
 */
export function devPlotAnswers(plot: {
  crypto: ChiaPrimitives;
  plotId: Uint8Array;
  k: number;
  difficultyConstantFactor: bigint;
  poolPublicKey: string | null;
  poolContractPuzzleHash: string | null;
  plotPublicKey: string;
}): DevPlotAnswers {
  let made: ReturnType<typeof createDevPlot> | undefined;
  const answers = (sp: SignagePointOrEos, difficulty: bigint) => {
    const challenge = calculatePosChallenge(plot.plotId, bytes(sp.challengeHash), bytes(sp.spHash));
    made ??= createDevPlot(plot.plotId, plot.k);
    return made.proofsFor(challenge).map((proof) => {
      const pos: ProofOfSpaceFields = {
        challenge: hex(challenge),
        poolPublicKey: plot.poolPublicKey,
        poolContractPuzzleHash: plot.poolContractPuzzleHash,
        plotPublicKey: plot.plotPublicKey,
        size: plot.k,
        proof: hex(proof.proof),
      };
      const required = plot.crypto.requiredIterations(hex(proof.quality), plot.k, difficulty, sp.spHash, plot.difficultyConstantFactor);
      return { pos, good: required < ITERS_LIMIT };
    });
  };
  return Object.assign(answers, {
    /** Makes the plot in a worker thread now (else the first answer plots on the caller's thread). */
    async prepare(): Promise<void> {
      made ??= await createDevPlotOffThread(plot.plotId, plot.k);
    },
  });
}

export type DevPlotAnswers = ((sp: SignagePointOrEos, difficulty: bigint) => { pos: ProofOfSpaceFields; good: boolean }[]) & { prepare(): Promise<void> };

/** A proof of space as the protocol's JSON carries it (hex with 0x). */
export function proofOfSpaceJson(pos: ProofOfSpaceFields) {
  const prefixed = (h: string | null) => (h === null ? null : `0x${h}`);
  return {
    challenge: `0x${pos.challenge}`,
    pool_public_key: prefixed(pos.poolPublicKey),
    pool_contract_puzzle_hash: prefixed(pos.poolContractPuzzleHash),
    plot_public_key: `0x${pos.plotPublicKey}`,
    size: pos.size,
    proof: `0x${pos.proof}`,
  };
}

export interface SimulatedFarmerOptions {
  seed: string;
  crypto: ChiaPrimitives;
  node: ChiaDevnet;
  targetPuzzleHash: string;
  poolUrl: string;
  send: Send;
  /** Plot size k of the dev plot (small on the devnet). */
  k: number;
  /** The chain's DIFFICULTY_CONSTANT_FACTOR (the farmer skips proofs not good enough). */
  difficultyConstantFactor: bigint;
  delayTime?: number;
  now?: () => number;
}

export function simulatedFarmer(options: SimulatedFarmerOptions) {
  const { seed, crypto, node, send } = options;
  const now = options.now ?? (() => Date.now());
  const ownerSk = keyGen(seeded(seed, 'owner'));
  let authSk = keyGen(seeded(seed, 'auth'));
  const plotSk = keyGen(seeded(seed, 'plot'));
  const ownerPk = hex(skToPk(ownerSk));
  const plotPk = hex(skToPk(plotSk));
  const launcherId = hex(seeded(seed, 'launcher'));
  const delayPuzzleHash = hex(seeded(seed, 'delay'));
  const payoutInstructions = hex(seeded(seed, 'payout'));
  const harvesterId = hex(seeded(seed, 'harvester'));
  const delayTime = options.delayTime ?? 604_800;
  const p2 = crypto.p2SingletonPuzzleHash(launcherId, delayTime, delayPuzzleHash);
  const answers = devPlotAnswers({
    crypto,
    plotId: calculatePlotIdPh(bytes(p2), bytes(plotPk)),
    k: options.k,
    difficultyConstantFactor: options.difficultyConstantFactor,
    poolPublicKey: null,
    poolContractPuzzleHash: p2,
    plotPublicKey: plotPk,
  });
  const token = () => currentAuthenticationToken(now());

  const state = (overrides: Partial<PoolState> = {}): PoolState => ({
    version: POOL_PROTOCOL_VERSION,
    state: FARMING_TO_POOL,
    target_puzzle_hash: options.targetPuzzleHash,
    owner_pubkey: ownerPk,
    pool_url: options.poolUrl,
    relative_lock_height: RELATIVE_LOCK_HEIGHT,
    ...overrides,
  });

  function signFarmer(
    kind: 'post' | 'put',
    payload: { authentication_public_key: string | null; payout_instructions: string | null; suggested_difficulty: number | null; authentication_token?: bigint },
  ) {
    const authenticationToken = payload.authentication_token ?? token();
    const hash = crypto.farmerPayloadHash(kind, {
      launcherId,
      authenticationToken,
      authenticationPublicKey: payload.authentication_public_key,
      payoutInstructions: payload.payout_instructions,
      suggestedDifficulty: payload.suggested_difficulty === null ? null : BigInt(payload.suggested_difficulty),
    });
    return {
      payload: {
        launcher_id: `0x${launcherId}`,
        authentication_token: Number(authenticationToken),
        authentication_public_key: payload.authentication_public_key === null ? null : `0x${payload.authentication_public_key}`,
        payout_instructions: payload.payout_instructions,
        suggested_difficulty: payload.suggested_difficulty,
      },
      signature: `0x${hex(sign(ownerSk, bytes(hash)))}`,
    };
  }

  function authQuery(method: 'get_farmer' | 'get_login', authenticationToken = token(), key = authSk): string {
    const message = crypto.authenticationPayloadHash(method, launcherId, options.targetPuzzleHash, authenticationToken);
    return `launcher_id=0x${launcherId}&authentication_token=${authenticationToken}&signature=0x${hex(sign(key, bytes(message)))}`;
  }

  return {
    launcherId,
    ownerPk,
    plotPk,
    p2SingletonPuzzleHash: p2,
    payoutInstructions,
    get authenticationPublicKey() {
      return hex(skToPk(authSk));
    },
    /** Points the plot NFT at the pool on the chain (or elsewhere, with state overrides). */
    setSingleton: (overrides: Partial<PoolState> = {}, extra: { delayTime?: number; tipHeight?: number } = {}) =>
      node.setSingleton({
        launcherId,
        delayTime: extra.delayTime ?? delayTime,
        delayPuzzleHash,
        state: state(overrides),
        ...(extra.tipHeight !== undefined ? { tipHeight: extra.tipHeight } : {}),
      }),
    postFarmer: (overrides: { suggested_difficulty?: number | null; payout_instructions?: string; authentication_token?: bigint; signWith?: 'owner' | 'auth' } = {}) => {
      const body = signFarmer('post', {
        authentication_public_key: hex(skToPk(authSk)),
        payout_instructions: overrides.payout_instructions ?? payoutInstructions,
        suggested_difficulty: overrides.suggested_difficulty ?? null,
        ...(overrides.authentication_token !== undefined ? { authentication_token: overrides.authentication_token } : {}),
      });
      if (overrides.signWith === 'auth') {
        body.signature = `0x${hex(sign(authSk, bytes(crypto.farmerPayloadHash('post', { launcherId, authenticationToken: BigInt(body.payload.authentication_token), authenticationPublicKey: hex(skToPk(authSk)), payoutInstructions: body.payload.payout_instructions, suggestedDifficulty: body.payload.suggested_difficulty === null ? null : BigInt(body.payload.suggested_difficulty) }))))}`;
      }
      return send('POST', '/farmer', body);
    },
    putFarmer: (changes: { authentication_public_key?: string | null; payout_instructions?: string | null; suggested_difficulty?: number | null }) =>
      send(
        'PUT',
        '/farmer',
        signFarmer('put', {
          authentication_public_key: changes.authentication_public_key ?? null,
          payout_instructions: changes.payout_instructions ?? null,
          suggested_difficulty: changes.suggested_difficulty ?? null,
        }),
      ),
    /** A new authentication key (the owner authorises it with PUT /farmer). */
    rotateAuthenticationKey(label: string) {
      authSk = keyGen(seeded(seed, `auth:${label}`));
      return hex(skToPk(authSk));
    },
    /** What `chia keys sign` gives for a text with the plot NFT's owner key. */
    signWithOwnerKey: (text: string) => hex(sign(ownerSk, Uint8Array.from(Buffer.from(text, 'utf8')))),
    /** The same with the farmer's authentication key (what the farmer's machine holds). */
    signWithAuthenticationKey: (text: string) => hex(sign(authSk, Uint8Array.from(Buffer.from(text, 'utf8')))),
    getFarmer: (authenticationToken?: bigint) => send('GET', `/farmer?${authQuery('get_farmer', authenticationToken)}`),
    loginQuery: (authenticationToken?: bigint) => authQuery('get_login', authenticationToken),
    login: (authenticationToken?: bigint) => send('GET', `/login?${authQuery('get_login', authenticationToken)}`),

    /** Proofs of the dev plot for a signage point (devPlotAnswers). */
    proofsFor: answers,
    /** Makes the dev plot in a worker thread (devPlotAnswers' prepare). */
    preparePlot: answers.prepare,
    /** The signed partial body for a proof (tamper with the result to test the pool's checks). */
    partialBody(sp: SignagePointOrEos, pos: ProofOfSpaceFields, overrides: { authentication_token?: bigint; signWith?: 'auth' | 'plot-only' } = {}) {
      const payload: PartialPayloadFields = {
        launcherId,
        authenticationToken: overrides.authentication_token ?? token(),
        proofOfSpace: pos,
        spHash: sp.spHash,
        endOfSubSlot: sp.endOfSubSlot,
        harvesterId,
      };
      const message = bytes(crypto.partialPayloadHash(payload));
      const signatures = overrides.signWith === 'plot-only' ? [sign(plotSk, message)] : [sign(plotSk, message), sign(authSk, message)];
      return {
        payload: {
          launcher_id: `0x${launcherId}`,
          authentication_token: Number(payload.authenticationToken),
          proof_of_space: proofOfSpaceJson(pos),
          sp_hash: `0x${sp.spHash}`,
          end_of_sub_slot: sp.endOfSubSlot,
          harvester_id: `0x${harvesterId}`,
        },
        aggregate_signature: `0x${hex(aggregate(signatures))}`,
      };
    },
    sendPartial: (body: unknown) => send('POST', '/partial', body),
  };
}
export type SimulatedFarmer = ReturnType<typeof simulatedFarmer>;
