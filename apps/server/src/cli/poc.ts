import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { computeDeadline, parseGenerationSignature, u64, verifyVectors } from '@platter/poc';

/** `poc deadline` and `poc verify-vectors`: the pool's own deadline arithmetic, from the shell. */
export const POC_HELP = `  poc deadline <genSigHex> <height> <accountId> <nonce> <baseTarget> [--poc1]
                                  the deadline a Burst/BHD-family submission earns: rebuilds the
                                  nonce (PoC2 unless --poc1) and prints its scoop, hit and, last,
                                  "deadline <seconds>"
  poc verify-vectors <csv>        check every row of a PoC vector file (shared/vectors/poc/*.csv);
                                  exits 1 if any row does not match exactly
`;

const DEADLINE_USAGE = 'usage: npm run platter -- poc deadline <genSigHex> <height> <accountId> <nonce> <baseTarget> [--poc1]\n';
const VECTORS_USAGE = 'usage: npm run platter -- poc verify-vectors <csv>\n';

/** A decimal unsigned 64-bit integer, or null. */
function decimalU64(text: string): bigint | null {
  if (!/^\d{1,20}$/.test(text)) return null;
  try {
    return u64(text);
  } catch {
    return null;
  }
}

const parseDeadlineArgs = (args: string[]) => parseArgs({ args, allowPositionals: true, options: { poc1: { type: 'boolean' } } });

function deadlineCommand(args: string[], out: (text: string) => void, err: (text: string) => void): number {
  let parsed: ReturnType<typeof parseDeadlineArgs>;
  try {
    parsed = parseDeadlineArgs(args);
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n${DEADLINE_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 5) {
    err(DEADLINE_USAGE);
    return 2;
  }
  const [genSigHex, heightText, accountText, nonceText, baseTargetText] = positionals as [string, string, string, string, string];
  let genSig: Uint8Array;
  try {
    genSig = parseGenerationSignature(genSigHex.replace(/^0x/i, ''));
  } catch {
    err('the generation signature must be 64 hex digits\n');
    return 2;
  }
  const numbers = { height: heightText, accountId: accountText, nonce: nonceText, baseTarget: baseTargetText };
  const n: Record<string, bigint> = {};
  for (const [name, text] of Object.entries(numbers)) {
    const value = decimalU64(text);
    if (value === null) {
      err(`${name} must be a whole number from 0 to 18446744073709551615, got ${text}\n`);
      return 2;
    }
    n[name] = value;
  }
  if (n.baseTarget === 0n) {
    err('baseTarget must be positive\n');
    return 2;
  }
  const version = values.poc1 === true ? 1 : 2;
  const result = computeDeadline({ genSig, height: n.height!, accountId: n.accountId!, nonce: n.nonce!, baseTarget: n.baseTarget!, version });
  out(`poc${version}\nscoop ${result.scoop}\nhit ${result.hit}\ndeadline ${result.deadline}\n`);
  return 0;
}

function verifyVectorsCommand(args: string[], out: (text: string) => void, err: (text: string) => void): number {
  if (args.length !== 1) {
    err(VECTORS_USAGE);
    return 2;
  }
  let checks;
  try {
    checks = verifyVectors(fs.readFileSync(args[0]!, 'utf8'));
  } catch (error) {
    err(`cannot check ${args[0]}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  for (const c of checks) out(c.ok ? `ok   ${c.id} ${c.field} ${c.actual}\n` : `FAIL ${c.id} ${c.field}: expected ${c.expected}, computed ${c.actual}\n`);
  const failed = checks.filter((c) => !c.ok).length;
  out(`${checks.length} checks, ${failed} failed\n`);
  return failed === 0 && checks.length > 0 ? 0 : 1;
}

export function pocCommand(args: string[], out: (text: string) => void, err: (text: string) => void): number {
  const [sub, ...rest] = args;
  if (sub === 'deadline') return deadlineCommand(rest, out, err);
  if (sub === 'verify-vectors') return verifyVectorsCommand(rest, out, err);
  err(`${DEADLINE_USAGE}${VECTORS_USAGE}`);
  return 2;
}
