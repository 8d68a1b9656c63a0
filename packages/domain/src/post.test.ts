import { describe, expect, it } from 'vitest';
import { mayRegister, POST_STATUSES, postTransitionAllowed } from './pool.ts';

describe('Spacemesh-style registration statuses', () => {
  it('walks a node from registration through an epoch’s proof to its points', () => {
    const path = ['REGISTER', 'WAITING_POET', 'REGISTERED', 'PoST_DONE', 'WAITING_FOR_POINTS', 'REGISTERED'] as const;
    for (let i = 1; i < path.length; i++) expect(postTransitionAllowed(path[i - 1]!, path[i]!), `${path[i - 1]} → ${path[i]}`).toBe(true);
  });

  it('rolls a timed-out proof back to registration, and never lets a malicious node back', () => {
    expect(postTransitionAllowed('PoST_TIMEOUT', 'REGISTER')).toBe(true);
    expect(postTransitionAllowed('PoST_TIMEOUT', 'PoST_DONE')).toBe(false);
    for (const to of POST_STATUSES) expect(postTransitionAllowed('MALICIOUS', to)).toBe(false);
    expect(mayRegister('MALICIOUS')).toBe(false);
    expect(mayRegister(null)).toBe(true);
    expect(mayRegister('NOT_REGISTERED')).toBe(true);
    expect(mayRegister('REGISTERED')).toBe(false);
  });

  it('skips no step: a node cannot claim a proof before the timing service registered it', () => {
    expect(postTransitionAllowed('REGISTER', 'PoST_DONE')).toBe(false);
    expect(postTransitionAllowed('WAITING_POET', 'PoST_DONE')).toBe(false);
    expect(postTransitionAllowed('REGISTER', 'REGISTER')).toBe(false);
  });
});
