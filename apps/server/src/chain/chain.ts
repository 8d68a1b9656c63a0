/**
 * What the platform needs from a coin's chain (ARCHITECTURE.md 'Chains and miners'). One
 * adapter per coin; `devnet` simulates every coin and is the default, real adapters (Chia
 * wallet RPC, BHD-style RPC) implement the same interface.
 */
export interface IncomingTransfer {
  txid: string;
  outputIndex: number;
  address: string;
  amount: bigint;
  height: number;
}

export interface SendRequest {
  /**
   * The platform's own id for this payment (e.g. `withdrawal:42`). Sending is idempotent on
   * it: asking again returns the first payment's txid instead of paying twice, which is what
   * makes a withdrawal exactly-once across crashes.
   */
  clientId: string;
  to: string;
  amount: bigint;
  memo: string;
}

export interface ChainAdapter {
  readonly coin: string;
  /** Current chain height. */
  height(): Promise<number>;
  /** The deposit address of one user (stable: the same user always gets the same address). */
  depositAddress(userId: string): Promise<string>;
  /** Transfers into any address in blocks (fromHeight, toHeight]. */
  incoming(fromHeight: number, toHeight: number): Promise<IncomingTransfer[]>;
  /** Pays out; idempotent on `clientId`. */
  send(request: SendRequest): Promise<{ txid: string }>;
  /** The payment made under `clientId`, if any (recovery after a crash). */
  findSent(clientId: string): Promise<{ txid: string } | undefined>;
  /**
   * True when `signature` is the wallet of `address` signing `message`, as the coin's wallet
   * signs messages (plot binding proves ownership this way).
   */
  verifyMessage(address: string, message: string, signature: string): Promise<boolean>;
}

export interface ChainRegistry {
  adapter(coin: string): ChainAdapter;
}
