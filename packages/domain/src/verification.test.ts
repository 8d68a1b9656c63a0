import { describe, expect, it } from 'vitest';
import { K32_BYTES, POINTS_PER_K32_PER_DAY, pointsPerDayOf } from './pool.ts';
import { MINER_PROTOCOLS, POOL_SEEDS } from './registry/pools.ts';
import { evidenceEarns, HASHES_PER_POINT, plausibilityChecked, plausiblePoints, pointsPerDayOfHashrate, VERIFIED_EVIDENCE, type WorkEvidence } from './verification.ts';

const EVIDENCE: WorkEvidence[] = ['pool-partial', 'og-proof', 'poc-deadline', 'pow-solution', 'chain-reward', 'proxy-report'];

describe('evidenceEarns: every credit traces to evidence the pool verified', () => {
  it('lets each protocol’s own evidence earn and nothing else', () => {
    for (const protocol of MINER_PROTOCOLS) {
      for (const evidence of EVIDENCE) {
        const earns = evidenceEarns(evidence, { protocol, trustedProxy: true, keyIssuer: 'operator' });
        expect(earns, `${protocol} ${evidence}`).toBe(VERIFIED_EVIDENCE[protocol] === evidence);
      }
    }
  });

  it('never lets a self-reported share earn outside trusted-proxy mode, whoever made the key', () => {
    for (const protocol of MINER_PROTOCOLS.filter((p) => p !== 'trusted-proxy')) {
      for (const keyIssuer of ['user', 'operator'] as const) {
        expect(evidenceEarns('proxy-report', { protocol, trustedProxy: true, keyIssuer })).toBe(false);
      }
    }
  });

  it('on a trusted-proxy pool, only an operator-issued key’s reports earn, and only with the mode on', () => {
    expect(evidenceEarns('proxy-report', { protocol: 'trusted-proxy', trustedProxy: true, keyIssuer: 'operator' })).toBe(true);
    expect(evidenceEarns('proxy-report', { protocol: 'trusted-proxy', trustedProxy: true, keyIssuer: 'user' })).toBe(false);
    expect(evidenceEarns('proxy-report', { protocol: 'trusted-proxy', trustedProxy: false, keyIssuer: 'operator' })).toBe(false);
    expect(evidenceEarns('proxy-report', { protocol: 'trusted-proxy', trustedProxy: true })).toBe(false);
  });

  it('the BHD family earns nothing from self-reports (only verified deadlines, issue 21)', () => {
    for (const pool of POOL_SEEDS.filter((p) => p.protocol === 'poc-burst')) {
      expect(evidenceEarns('proxy-report', { protocol: pool.protocol, trustedProxy: true, keyIssuer: 'operator' })).toBe(false);
      expect(evidenceEarns('poc-deadline', { protocol: pool.protocol, trustedProxy: false })).toBe(true);
    }
  });
});

describe('plausiblePoints: what a proven capacity or hashrate could earn', () => {
  it('bounds a capacity’s day by its expected points plus the tolerance', () => {
    const capacity = K32_BYTES * 100n;
    expect(plausiblePoints({ capacityBytes: capacity, hashrate: 0n }, 86_400, 0)).toBe(pointsPerDayOf(capacity));
    expect(plausiblePoints({ capacityBytes: capacity, hashrate: 0n }, 86_400, 5_000)).toBe((POINTS_PER_K32_PER_DAY * 100n * 3n) / 2n);
    expect(plausiblePoints({ capacityBytes: capacity, hashrate: 0n }, 3_600, 0)).toBe((POINTS_PER_K32_PER_DAY * 100n + 23n) / 24n);
  });

  it('bounds a hashrate by its expected shares × difficulty', () => {
    const hashrate = HASHES_PER_POINT * 10n; // 10 points a second
    expect(pointsPerDayOfHashrate(hashrate)).toBe(864_000n);
    expect(plausiblePoints({ capacityBytes: 0n, hashrate }, 60, 0)).toBe(600n);
    expect(plausiblePoints({ capacityBytes: 0n, hashrate }, 60, 10_000)).toBe(1_200n);
  });

  it('gives a miner with no proven capacity or hashrate no points, and refuses nonsense', () => {
    expect(plausiblePoints({ capacityBytes: 0n, hashrate: 0n }, 86_400, 5_000)).toBe(0n);
    expect(() => plausiblePoints({ capacityBytes: 1n, hashrate: 0n }, 0, 0)).toThrow(RangeError);
    expect(() => plausiblePoints({ capacityBytes: 1n, hashrate: 0n }, 10, -1)).toThrow(RangeError);
  });

  it('checks the pools whose points are a proxy’s count', () => {
    expect(MINER_PROTOCOLS.filter(plausibilityChecked)).toEqual(['trusted-proxy']);
  });
});
