import { createNonceGenerator, hitOfScoop, parseGenerationSignature, scoopNumber, SCOOP_BYTES, type NonceGenerator } from '@platter/poc';

/**
 * A small real PoC2 plot held in memory (issue 21): `count` nonces of a plotter from
 * `startNonce`, each 256 KiB, built once with the nonce generator. A round reads each nonce's
 * scoop and answers the best deadline, as a miner reading its plot files does.
 */
export class MemoryPlot {
  private nonces: Uint8Array[] = [];

  constructor(
    readonly plotterId: bigint,
    readonly startNonce: bigint,
    count: number,
    generator: NonceGenerator = createNonceGenerator(),
  ) {
    for (let i = 0; i < count; i++) this.nonces.push(generator.nonce(plotterId, startNonce + BigInt(i), 2).slice());
  }

  /** Consecutive parts of one plotter's plot (built a nonce at a time) as one plot. */
  static join(parts: readonly MemoryPlot[]): MemoryPlot {
    const first = parts[0];
    if (!first) throw new RangeError('no parts');
    const plot = new MemoryPlot(first.plotterId, first.startNonce, 0);
    plot.nonces = parts.flatMap((p) => p.nonces);
    return plot;
  }

  /** Nonces in the plot. */
  get count(): number {
    return this.nonces.length;
  }

  /** Bytes on "disk". */
  get bytes(): number {
    return this.count * 262_144;
  }

  /** The deadlines of every nonce for a round, best first. */
  deadlines(round: { generationSignature: string; height: number; baseTarget: bigint }): { nonce: bigint; deadline: bigint }[] {
    const genSig = parseGenerationSignature(round.generationSignature);
    const scoop = scoopNumber(genSig, round.height);
    return this.nonces
      .map((data, i) => ({
        nonce: this.startNonce + BigInt(i),
        deadline: hitOfScoop(genSig, data.subarray(scoop * SCOOP_BYTES, scoop * SCOOP_BYTES + SCOOP_BYTES)) / round.baseTarget,
      }))
      .sort((a, b) => (a.deadline < b.deadline ? -1 : a.deadline > b.deadline ? 1 : 0));
  }
}
