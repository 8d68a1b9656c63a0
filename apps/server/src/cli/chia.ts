import { parseArgs } from 'node:util';
import { verifyProof } from '@platter/chia';

/** `chia verify-proof`: checks one proof of space the way the pool does and prints its quality. */
export const CHIA_HELP = `  chia verify-proof <plot_id_hex> <k> <challenge_hex> <proof_hex> [--allow-small-k]
                                  verify a Chia (chiapos) proof of space against its pos challenge;
                                  prints the quality string (hex) and exits 0, or exits 1 with the
                                  reason; --allow-small-k accepts test plots with 18 <= k < 32
`;

function fromHex(text: string): Uint8Array | null {
  const digits = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  if (digits.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(digits)) return null;
  return Uint8Array.from(Buffer.from(digits, 'hex'));
}

export function chiaCommand(args: string[], out: (text: string) => void, err: (text: string) => void): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { 'allow-small-k': { type: 'boolean' } } });
  const [sub, plotIdHex, kText, challengeHex, proofHex] = positionals;
  if (sub !== 'verify-proof' || positionals.length !== 5) {
    err(`usage: npm run platter -- chia verify-proof <plot_id_hex> <k> <challenge_hex> <proof_hex> [--allow-small-k]\n`);
    return 2;
  }
  const plotId = fromHex(plotIdHex!);
  const challenge = fromHex(challengeHex!);
  const proof = fromHex(proofHex!);
  const k = /^\d+$/.test(kText!) ? Number(kText) : NaN;
  if (!plotId || !challenge || !proof || Number.isNaN(k)) {
    err('plot id, challenge and proof must be hex, k a whole number\n');
    return 2;
  }
  const result = verifyProof({ plotId, k, challenge, proof, allowSmallK: values['allow-small-k'] === true });
  if (!result.ok) {
    out(`invalid proof: ${result.reason}\n`);
    return 1;
  }
  out(`${Buffer.from(result.quality).toString('hex')}\n`);
  return 0;
}
