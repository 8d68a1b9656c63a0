import { createHash } from 'node:crypto';
import type { FarmerPayloadFields, PartialPayloadFields, ProofOfSpaceFields } from './primitives.ts';

/**
 * Chia's streamable serialisation of the pool protocol's signed payloads (big-endian
 * integers, u32-length-prefixed bytes and strings, a 0/1 byte before optionals), hashed with
 * sha256 as `get_hash()` does.
 */
class Writer {
  private readonly parts: Buffer[] = [];
  raw(hex: string, size: number): this {
    const b = Buffer.from(hex, 'hex');
    if (b.length !== size) throw new RangeError(`expected ${size} bytes, got ${b.length}`);
    this.parts.push(b);
    return this;
  }
  uint(value: bigint | number, size: 1 | 4 | 8): this {
    const b = Buffer.alloc(size);
    if (size === 8) b.writeBigUInt64BE(BigInt(value));
    else if (size === 4) b.writeUInt32BE(Number(value));
    else b.writeUInt8(Number(value));
    this.parts.push(b);
    return this;
  }
  bool(value: boolean): this {
    return this.uint(value ? 1 : 0, 1);
  }
  bytes(hex: string): this {
    const b = Buffer.from(hex, 'hex');
    return this.uint(b.length, 4).push(b);
  }
  str(text: string): this {
    const b = Buffer.from(text, 'utf8');
    return this.uint(b.length, 4).push(b);
  }
  optional<T>(value: T | null, write: (w: this, v: T) => void): this {
    this.bool(value !== null);
    if (value !== null) write(this, value);
    return this;
  }
  private push(b: Buffer): this {
    this.parts.push(b);
    return this;
  }
  hash(): Uint8Array {
    return createHash('sha256').update(Buffer.concat(this.parts)).digest();
  }
}

const strip = (hex: string) => hex.replace(/^0x/i, '').toLowerCase();

function writeProofOfSpace(w: Writer, pos: ProofOfSpaceFields): void {
  w.raw(strip(pos.challenge), 32)
    .optional(pos.poolPublicKey, (x, v) => x.raw(strip(v), 48))
    .optional(pos.poolContractPuzzleHash, (x, v) => x.raw(strip(v), 32))
    .raw(strip(pos.plotPublicKey), 48)
    .uint(pos.size, 1)
    .bytes(strip(pos.proof));
}

export const streamable = {
  authenticationPayloadHash(method: string, launcherId: Uint8Array, targetPuzzleHash: Uint8Array, token: bigint): Uint8Array {
    return new Writer().str(method).raw(Buffer.from(launcherId).toString('hex'), 32).raw(Buffer.from(targetPuzzleHash).toString('hex'), 32).uint(token, 8).hash();
  },
  farmerPayloadHash(kind: 'post' | 'put', p: FarmerPayloadFields): Uint8Array {
    const w = new Writer().raw(strip(p.launcherId), 32).uint(p.authenticationToken, 8);
    if (kind === 'post') {
      w.raw(strip(p.authenticationPublicKey ?? ''), 48).str(p.payoutInstructions ?? '');
    } else {
      w.optional(p.authenticationPublicKey, (x, v) => x.raw(strip(v), 48)).optional(p.payoutInstructions, (x, v) => x.str(v));
    }
    return w.optional(p.suggestedDifficulty, (x, v) => x.uint(v, 8)).hash();
  },
  partialPayloadHash(p: PartialPayloadFields): Uint8Array {
    const w = new Writer().raw(strip(p.launcherId), 32).uint(p.authenticationToken, 8);
    writeProofOfSpace(w, p.proofOfSpace);
    return w.raw(strip(p.spHash), 32).bool(p.endOfSubSlot).raw(strip(p.harvesterId), 32).hash();
  },
  proofOfSpaceHash(pos: ProofOfSpaceFields): Uint8Array {
    const w = new Writer();
    writeProofOfSpace(w, pos);
    return w.hash();
  },
};
