import type { PowHeader } from '@platter/domain';

/**
 * What the platform needs from a coin's chain (ARCHITECTURE.md 'Chains and miners'). One
 * adapter per coin; `devnet` simulates every coin and is the default, real adapters (Chia
 * wallet RPC, BHD-style RPC) implement the same interface.
 */
export interface IncomingTransfer {
  txid: string;
  outputIndex: number;
  /**
   * The coin (output) the transfer created, stable whatever the wallet names its record: on
   * Chia the coin's id (a resynced wallet gives a coin first seen already spent a random record
   * name); on an output-indexed chain `txid` for output 0, else `txid:outputIndex`. Deposits are
   * unique on it.
   */
  coinId: string;
  address: string;
  amount: bigint;
  height: number;
  /**
   * The message the transfer carried, on a chain whose deposits share one address and are told
   * apart by it (Signum: `depositMemo`); absent elsewhere.
   */
  memo?: string;
}

/** A payment as the platform knows it: found again on the chain by all three. */
export interface Payment {
  /**
   * The platform's globally unique, opaque payment id (a random UUID stored on the
   * withdrawal): written into the payment (Chia: its memo) so that it is found again after a
   * crash or a timeout. Never reused, not even by a database restored from a backup.
   */
  paymentId: string;
  to: string;
  amount: bigint;
}

export interface SendRequest extends Payment {
  /** The address book's memo (exchanges' tag); chains without memos ignore it. */
  memo: string;
  /** The most the chain fee may be (the user's withdrawal fee bounds it). */
  maxFee: bigint;
}

export interface Sent {
  txid: string;
  /** The chain fee paid from the hot wallet for this payment. */
  fee: bigint;
  /** When the payment stops being valid unless a block has it (a Signum payment's deadline); chains whose payments do not expire leave it out. */
  expiresAt?: Date;
}

/**
 * The wallet or node refused a payment and sent nothing (a bad address, not enough spendable
 * coins, change still pending...). Any other error of `send` leaves the outcome unknown.
 * `retryable`: the same payment may succeed later unchanged (pending change, a busy wallet).
 */
export class SendRefusedError extends Error {
  override name = 'SendRefusedError';
  constructor(
    readonly reason: string,
    readonly retryable: boolean,
  ) {
    super(reason);
  }
}

/** Where a payment stands on the chain, by its txid. */
export type PaymentState =
  | { state: 'pending' }
  | { state: 'confirmed'; height: number; confirmations: number }
  | { state: 'failed'; reason: string }
  /** The wallet has no such payment (a reorg may drop one back to pending, not to unknown). */
  | { state: 'unknown' }
  /** The node has no such payment and its chain has passed the payment's expiry: it can never be mined. */
  | { state: 'expired' };

/** A block template for proof-of-work mining (Iron Fish's): the header and what the block pays. */
export interface PowTemplate {
  /** The chain's height the template builds on (the block would be height + 1). */
  height: number;
  header: PowHeader;
  /** The block's reward to the pool, base units. */
  reward: bigint;
}

/** A reward the chain paid an identity (a Spacemesh smesher's ATX reward, an Autonomys farmer's reward). */
export interface IdentityReward {
  /** The chain's own id of the reward, stable across reads: rewards are credited once on it. */
  rewardId: string;
  /** The identity's public key, hex. */
  identity: string;
  amount: bigint;
  height: number;
}

export interface ChainAdapter {
  readonly coin: string;
  /** Current chain height. */
  height(): Promise<number>;
  /** The deposit address of one user (stable: the same user always gets the same address). */
  depositAddress(userId: string): Promise<string>;
  /**
   * Chains whose deposits go to one shared account (Signum): the message a user's deposit must
   * carry to be theirs (stable, like the address). A transfer to the address without a known
   * memo is kept for the operator. Absent: the address alone is the user's.
   */
  depositMemo?(userId: string): string;
  /**
   * Which chain and account the heights of `incoming` count on (Signum: the node's pool account); the deposit scan starts near the
   * tip when its cursor was left by another source (the devnet before the node was attached). Absent: ''.
   */
  source?: string;
  /** Transfers into any address in blocks (fromHeight, toHeight]. */
  incoming(fromHeight: number, toHeight: number): Promise<IncomingTransfer[]>;
  /**
   * The height a transfer read by `incoming` is confirmed at now, or undefined when the chain
   * no longer has it (a reorganisation dropped it). Asked again before a deposit is credited.
   */
  transferHeight(transfer: Pick<IncomingTransfer, 'txid' | 'outputIndex'>): Promise<number | undefined>;
  /**
   * Pays out. Throws SendRefusedError when nothing was sent; any other error leaves the
   * outcome unknown (the payment may have gone out): the caller must not send it again
   * before `findSent` has shown it, or the operator has established that it was not sent.
   */
  send(request: SendRequest): Promise<Sent>;
  /** The payment with this id, address and amount, if the chain or wallet has it. */
  findSent(payment: Payment): Promise<Sent | undefined>;
  /**
   * Where a sent payment stands (confirmations per the chain, or failed). `expiresAt` is what
   * `send` or `findSent` said of it: a payment the node no longer has past it is `expired`.
   */
  paymentStatus(txid: string, expiresAt?: Date | null): Promise<PaymentState>;
  /** What the hot wallet holds (confirmed coins less pending sends), for reconciliation with the ledger; a real wallet only. */
  balance?(): Promise<bigint>;
  /**
   * True when `signature` is the wallet of `address` signing `message`, as the coin's wallet
   * signs messages (plot binding proves ownership this way).
   */
  verifyMessage(address: string, message: string, signature: string): Promise<boolean>;
  /** Proof-of-work coins: the template to mine now, with the network target. */
  powTemplate?(): Promise<PowTemplate>;
  /** Proof-of-work coins: a solved header goes to the chain; true when it was taken as a block. */
  submitPowBlock?(header: PowHeader): Promise<boolean>;
  /** Coins that reward identities on chain: rewards in blocks (fromHeight, toHeight]. */
  identityRewards?(fromHeight: number, toHeight: number): Promise<IdentityReward[]>;
  /** The height a reward is at now, or undefined when a reorganisation dropped it. */
  rewardHeight?(rewardId: string): Promise<number | undefined>;
}

export interface ChainRegistry {
  adapter(coin: string): ChainAdapter;
}
