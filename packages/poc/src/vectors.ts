import { estimateCapacityTiB, POC_COIN_TIMING, weightDeadline } from './capacity.ts';
import { computeDeadline, hitAtScoop, hitOfScoop, nextGenerationSignature, parseGenerationSignature, scoopNumber } from './deadline.ts';
import type { NonceGenerator, PocVersion } from './nonce.ts';
import { shabal256 } from './shabal.ts';
import { pocPlusDeadline, sodiumDeadline } from './signum.ts';

/**
 * Checks the rows of the shared PoC vector files (shared/vectors/poc/*.csv; copies in
 * src/fixtures): the file's kind is told by its header. Each row gives the expected and the
 * computed values as strings; a row passes only if every value matches exactly.
 */

export type VectorKind = 'shabal256' | 'deadline' | 'scoopGensig' | 'capacity' | 'signumTransform';

export interface VectorCheck {
  id: string;
  ok: boolean;
  /** What was compared, e.g. "deadline". */
  field: string;
  expected: string;
  actual: string;
}

/** RFC 4180 CSV (quoted fields may hold commas, doubled quotes). */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
    } else field += ch;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  const [header, ...body] = rows;
  if (!header) return [];
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

export function vectorKind(header: readonly string[]): VectorKind {
  const has = (name: string) => header.includes(name);
  if (has('expected_shabal256_hex')) return 'shabal256';
  if (has('expected_deadline')) return 'deadline';
  if (has('kind') && has('input_genSig_hex')) return 'scoopGensig';
  if (has('expected_eeps_TiB')) return 'capacity';
  if (has('legacy_deadline')) return 'signumTransform';
  throw new Error(`not a PoC vector file (columns: ${header.join(', ')})`);
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const check = (id: string, field: string, expected: string, actual: string): VectorCheck => ({ id, field, expected, actual, ok: expected === actual });
const version = (value: string): PocVersion => {
  if (value === '1' || value === '2') return Number(value) as PocVersion;
  throw new Error(`unknown PoC version ${value}`);
};

/** Every check of one vector file. */
export function verifyVectors(csv: string, nonces?: NonceGenerator): VectorCheck[] {
  const rows = parseCsv(csv);
  if (rows.length === 0) return [];
  const kind = vectorKind(Object.keys(rows[0]!));
  return rows.flatMap((row) => verifyRow(kind, row, nonces));
}

function verifyRow(kind: VectorKind, row: Record<string, string>, nonces?: NonceGenerator): VectorCheck[] {
  const id = row.id ?? '?';
  switch (kind) {
    case 'shabal256':
      return [check(id, 'shabal256', row.expected_shabal256_hex!, hex(shabal256(new TextEncoder().encode(row.input_utf8 ?? ''))))];
    case 'deadline': {
      const genSig = parseGenerationSignature(row.genSig_hex!);
      const accountId = BigInt(row.accountId!);
      const nonce = BigInt(row.nonce!);
      const v = version(row.pocVersion!);
      if (!row.height) {
        // scoop given (forced), no round: the hit of that scoop only
        return [check(id, 'hit', row.expected_hit!, hitAtScoop(genSig, accountId, nonce, Number(row.scoop), v, nonces).toString())];
      }
      const result = computeDeadline({ genSig, height: BigInt(row.height), accountId, nonce, baseTarget: BigInt(row.baseTarget!), version: v }, nonces);
      return [
        check(id, 'scoop', row.scoop!, String(result.scoop)),
        check(id, 'hit', row.expected_hit!, result.hit.toString()),
        check(id, 'deadline', row.expected_deadline!, result.deadline.toString()),
      ];
    }
    case 'scoopGensig': {
      const genSig = parseGenerationSignature(row.input_genSig_hex!);
      const input = row.input_number!;
      if (row.kind === 'scoop') return [check(id, 'scoop', row.expected!, String(scoopNumber(genSig, BigInt(input))))];
      if (row.kind === 'nextGenSig') return [check(id, 'nextGenSig', row.expected!, hex(nextGenerationSignature(genSig, BigInt(input))))];
      if (row.kind === 'hitFromScoopData') return [check(id, 'hit', row.expected!, hitOfScoop(genSig, Uint8Array.from(Buffer.from(input, 'hex'))).toString())];
      throw new Error(`${id}: unknown kind ${row.kind}`);
    }
    case 'capacity': {
      const sum = row.hitSum_or_weightedDeadlineSum!;
      const weight = /^deadline=(\d+),baseTarget=(\d+)$/.exec(sum);
      if (weight) return [check(id, 'weightDeadline', row.expected_eeps_TiB!, weightDeadline(BigInt(weight[1]!), BigInt(weight[2]!)).toString())];
      // Nogrod's tests run on Burst's timing (240 s, genesis base target 18325193796)
      const estimate = estimateCapacityTiB(Number(row.nConf), Number(sum), POC_COIN_TIMING.burst, { nAvg: Number(row.nAvg), nMin: Number(row.nMin) });
      const expected = Number(row.expected_eeps_TiB);
      return [{ id, field: 'eeps_TiB', expected: row.expected_eeps_TiB!, actual: String(estimate), ok: estimate === expected }];
    }
    case 'signumTransform': {
      const legacy = BigInt(row.legacy_deadline!);
      const blockTime = Number(row.block_time);
      const actual = row.commitment_ratio ? pocPlusDeadline(legacy, blockTime, Number(row.commitment_ratio)) : sodiumDeadline(legacy, blockTime);
      return [check(id, 'deadline', row.expected!, actual.toString())];
    }
  }
}
