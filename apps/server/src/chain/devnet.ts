import { graffitiHex, parseAmount, targetFromDifficulty, targetHex, type PowHeader } from '@platter/domain';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { addressFromBytes } from '@platter/domain';
import type { Db } from '../db/database.ts';
import { devnetRepository as repo } from './devnet.repository.ts';
import { SendRefusedError, type ChainAdapter, type ChainRegistry, type IncomingTransfer, type PaymentState, type SendRequest } from './chain.ts';

/**
 * The devnet's proof-of-work network difficulty: easy enough that the simulated miners (BLAKE3
 * in JavaScript, a few thousand hashes a second) find a block now and then.
 */
export const DEVNET_POW_DIFFICULTY = 1_000_000n;
/** The devnet's block reward of proof-of-work coins, whole coins (Iron Fish's, rounded). */
const DEVNET_POW_REWARD: Record<string, string> = { IRONFISH: '20', IRONFISH_TEST: '20' };

/**
 * The devnet simulator: one simulated chain per coin, kept in the platform's database (so it
 * survives restarts as a real chain would). Blocks advance on a timer (`tick`), anyone can
 * send coins to any address (the development mailbox's 'send to deposit address' and tests),
 * and payouts are idempotent on their client id, as a careful real adapter must be too.
 */

/**
 * A deterministic devnet address for (coin, key), valid as the coin's own chain checks it
 * (bech32m, bech32, Base58Check, Signum Reed-Solomon, SS58, …: packages/domain `address/`), so
 * it passes the address book's check like a real one.
 */
export function devnetAddress(secret: string, coin: string, key: string): string {
  return addressFromBytes(coin, createHmac('sha256', secret).update(`${coin}:${key}`).digest());
}

export function devnetAdapter(db: Db, coin: string, secret: string): ChainAdapter {
  async function height(): Promise<number> {
    const tip = await repo.height(db, coin);
    return tip !== undefined ? Number(tip) : 1;
  }
  return {
    coin,
    height,
    depositAddress(userId) {
      return Promise.resolve(devnetAddress(secret, coin, `deposit:${userId}`));
    },
    async incoming(fromHeight, toHeight): Promise<IncomingTransfer[]> {
      const rows = await repo.incoming(db, coin, fromHeight, toHeight);
      return rows.map((r) => ({ txid: r.txid, outputIndex: 0, coinId: r.txid, address: r.to_address, amount: BigInt(r.amount), height: Number(r.height) }));
    },
    async transferHeight(transfer) {
      const at = await repo.transferHeight(db, coin, transfer.txid);
      return at !== undefined && Number(at) <= (await height()) ? Number(at) : undefined;
    },
    async send(request: SendRequest) {
      const txid = randomBytes(32).toString('hex');
      // The devnet's payments cost no chain fee; they are idempotent on the payment id.
      await repo.insertPayment(db, coin, { txid, paymentId: request.paymentId, to: request.to, memo: request.memo, amount: request.amount });
      const sent = await this.findSent(request);
      if (!sent) throw new SendRefusedError(`payment id ${request.paymentId} was used for another payment`, false);
      return sent;
    },
    async findSent(payment) {
      const row = await repo.findPayment(db, payment);
      return row ? { txid: row.txid, fee: BigInt(row.fee) } : undefined;
    },
    async paymentStatus(txid): Promise<PaymentState> {
      const row = await repo.paymentRow(db, coin, txid);
      if (!row) return { state: 'unknown' };
      if (row.failure !== null) return { state: 'failed', reason: row.failure };
      const tip = await height();
      // A payment is mined into the block after the one it was sent at.
      const mined = Number(row.height) + 1;
      return mined > tip ? { state: 'pending' } : { state: 'confirmed', height: mined, confirmations: tip - mined + 1 };
    },
    async powTemplate() {
      const tip = await height();
      const hash = (what: string) => createHmac('sha256', secret).update(`${coin}:${what}:${tip}`).digest('hex');
      const scale = await repo.coinScale(db, coin);
      const header: PowHeader = {
        randomness: '0000000000000000',
        sequence: tip + 1,
        previousBlockHash: hash('block'),
        noteCommitment: hash('notes'),
        transactionCommitment: hash('transactions'),
        target: targetHex(targetFromDifficulty(DEVNET_POW_DIFFICULTY)),
        timestamp: Date.now(),
        graffiti: graffitiHex(''),
      };
      return { height: tip, header, reward: parseAmount(DEVNET_POW_REWARD[coin] ?? '10', scale) };
    },
    async submitPowBlock(header) {
      // Taken when it builds on the tip (the caller checked the work); the chain moves on.
      const tip = await height();
      const expected = createHmac('sha256', secret).update(`${coin}:block:${tip}`).digest('hex');
      if (header.sequence !== tip + 1 || header.previousBlockHash !== expected) return false;
      await repo.advanceFrom(db, coin, tip);
      return true;
    },
    async identityRewards(fromHeight, toHeight) {
      const rows = await repo.identityRewards(db, coin, fromHeight, toHeight);
      return rows.map((r) => ({ rewardId: r.reward_id, identity: r.identity, amount: BigInt(r.amount), height: Number(r.height) }));
    },
    async rewardHeight(rewardId) {
      const at = await repo.rewardHeight(db, coin, rewardId);
      return at !== undefined && Number(at) <= (await height()) ? Number(at) : undefined;
    },
    async verifyMessage(address, message, signature) {
      const expected = Buffer.from(devnetSignature(secret, coin, address, message), 'hex');
      const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * The devnet wallet's message signature: what the owner of `address` would produce with the
 * coin's wallet (there is no private key on a simulated chain; the devnet's secret plays it).
 * Only the development helpers hand it out.
 */
export function devnetSignature(secret: string, coin: string, address: string, message: string): string {
  return createHmac('sha256', secret).update(`sign:${coin}:${address}\n${message}`).digest('hex');
}

/** Every coin on the devnet. */
export function devnetRegistry(
  db: Db,
  secret: string,
): ChainRegistry & {
  /** Mines one block on every coin's chain (or only `coin`'s). */
  tick(coin?: string): Promise<void>;
  /** A transfer from outside into `address` (what a tester's own wallet would do). */
  receive(coin: string, address: string, amount: bigint): Promise<{ txid: string; height: number }>;
  /**
   * A reorganisation: the chain goes back to `height`; the transfers in the blocks above are
   * dropped (their coins never arrived), payments above it are mined again later.
   */
  reorg(coin: string, height: number): Promise<void>;
  /** The chain rejects a payment for good (Chia: its record confirmed at height 0). */
  failPayment(coin: string, txid: string, reason: string): Promise<void>;
  /** The chain pays an identity a reward in its next block (a smesher's ATX reward, a farmer's reward). */
  payIdentityReward(coin: string, identity: string, amount: bigint): Promise<{ rewardId: string; height: number }>;
} {
  const adapters = new Map<string, ChainAdapter>();
  return {
    adapter(coin) {
      let adapter = adapters.get(coin);
      if (!adapter) {
        adapter = devnetAdapter(db, coin, secret);
        adapters.set(coin, adapter);
      }
      return adapter;
    },
    async tick(coin) {
      await repo.tick(db, coin);
    },
    async reorg(coin, to) {
      await repo.reorg(db, coin, to);
    },
    async failPayment(coin, txid, reason) {
      await repo.failPayment(db, coin, txid, reason);
    },
    async payIdentityReward(coin, identity, amount) {
      const rewardId = randomBytes(32).toString('hex');
      const height = await repo.insertIdentityReward(db, coin, { rewardId, identity, amount });
      return { rewardId, height };
    },
    async receive(coin, address, amount) {
      const txid = randomBytes(32).toString('hex');
      const height = await repo.insertTransfer(db, coin, { txid, address, amount });
      return { txid, height };
    },
  };
}
export type DevnetRegistry = ReturnType<typeof devnetRegistry>;
