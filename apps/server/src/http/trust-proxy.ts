import { isIP } from 'node:net';

/** What Fastify's `trustProxy` gets: nothing trusted, trusted proxy addresses, or a rule per hop. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const prefix = /^\d{1,3}$/.test(bits) ? Number(bits) : -1;
  return prefix >= 0 && prefix <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as the client address is then found (the right-most X-Forwarded-For entries
 * are the trusted proxies' own; anything left of the client's entry is the client's and may
 * be forged):
 * - `false` (or empty): the socket's address; X-Forwarded-For is ignored;
 * - `true`: one proxy in front (the same as `1`): the entry that proxy appended;
 * - a hop count `n`: `n` proxies in front, the n-th entry from the right. (Fastify 5 itself
 *   trusts no one for a bare number, so the count is given to it as a rule per hop.)
 * - a comma list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal):
 *   entries are skipped from the right while they are one of those.
 */
export function trustProxySetting(value: string): TrustProxy {
  const setting = value.trim().toLowerCase();
  if (setting === '' || setting === 'false') return false;
  const hops = setting === 'true' ? 1 : /^\d+$/.test(setting) ? Number(setting) : undefined;
  if (hops !== undefined) return hops === 0 ? false : (_address, hop) => hop < hops;
  const entries = setting.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) throw new Error(`TRUST_PROXY: '${bad}' is not true, false, a hop count, an IP address or a CIDR range`);
  return entries;
}
