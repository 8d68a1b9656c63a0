import { countryByCode, countryName, type Lang } from '@platter/domain';
import geoip from 'geoip-country';
import net from 'node:net';

/** Private, loopback, link-local and carrier-grade NAT ranges: no country, 'Local network'. */
const LOCAL = new net.BlockList();
for (const [address, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
  ['0.0.0.0', 8],
] as const) {
  LOCAL.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::', 128],
] as const) {
  LOCAL.addSubnet(address, prefix, 'ipv6');
}

/** `::ffff:1.2.3.4` → `1.2.3.4`. */
export function plainIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

export function isLocalIp(ip: string): boolean {
  const plain = plainIp(ip);
  const family = net.isIP(plain);
  if (family === 0) return false;
  return LOCAL.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** The ISO country of an address (GeoLite2 data of geoip-country); '' when local or unknown. */
export function countryOfIp(ip: string): string {
  const plain = plainIp(ip);
  if (net.isIP(plain) === 0 || isLocalIp(plain)) return '';
  return geoip.lookup(plain)?.country ?? '';
}

/** Mainland China (CN). Hong Kong, Macao and Taiwan have their own codes and are not refused. */
export function isMainlandChina(ip: string): boolean {
  return countryOfIp(ip) === 'CN';
}

const LOCAL_NETWORK: Record<Lang, string> = { en: 'Local network', zh: '區域網路', ru: 'Локальная сеть' };
const UNKNOWN: Record<Lang, string> = { en: 'Unknown', zh: '未知', ru: 'Неизвестно' };

/** Approximate location for the login history: the country's name, or 'Local network'. */
export function locationName(ip: string, country: string, lang: Lang): string {
  if (country) {
    const known = countryByCode(country);
    return known ? countryName(known, lang) : country;
  }
  return isLocalIp(ip) ? LOCAL_NETWORK[lang] : UNKNOWN[lang];
}
