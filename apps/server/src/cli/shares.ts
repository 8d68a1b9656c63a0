import { isDay } from '@platter/domain';
import type { Db } from '../db/database.ts';
import { checkShareTotals } from '../modules/pool/shares.ts';

export const SHARES_HELP = `  shares check [--day YYYY-MM-DD]
                                  verify the miners' kept day totals (what the settlement splits by)
                                  against the shares themselves, of one UTC day or of every day (reads
                                  every share); exits 1 and names the first differences otherwise
`;

/** How many differing rows the check names (it counts them all). */
const SHOWN = 20;

/** `npm run platter -- shares check [--day YYYY-MM-DD]`. */
export async function sharesCommand(args: string[], db: Db, out: (text: string) => void, err: (text: string) => void): Promise<number> {
  const [sub, flag, value] = args;
  const day = flag === '--day' ? (value ?? '') : null;
  if (sub !== 'check' || (flag !== undefined && flag !== '--day') || (day !== null && !isDay(day)) || args.length > 3) {
    err('usage: npm run platter -- shares check [--day YYYY-MM-DD]\n');
    return 2;
  }
  const { rows, count } = await checkShareTotals(db, day, SHOWN);
  const scope = day ?? 'every day';
  if (count === 0) {
    out(`shares check: OK (${scope}: every miner's kept total equals its shares)\n`);
    return 0;
  }
  out(`shares check: ${count} miner-day(s) of ${scope} differ from their shares${count > rows.length ? ` (first ${rows.length})` : ''}\n`);
  for (const r of rows) out(`  ${r.pool} ${r.day} user ${r.user_id} miner ${r.miner_id}: shares sum to ${r.shares ?? 0}, totals to ${r.totals ?? 0}\n`);
  return 1;
}
