import { describe, expect, it } from 'vitest';
import { cooperationSettingsBody, percentBp } from './cooperationSettings.ts';

const body = { coin: 'xhd', min_whole: '8000', owner_share: '94', miner_share: '3', deal_margin: '20', deal_term_days: 30 };
const codeOf = (input: unknown) => {
  const parsed = cooperationSettingsBody.safeParse(input);
  // The first issue's message: the catalogue name the server answers with.
  return parsed.success ? 'ok' : parsed.error.issues[0]?.message;
};

describe('a save of a coin’s cooperation settings', () => {
  it('takes the spec’s values and XHD’s other reading (1), the coin upper-cased', () => {
    expect(cooperationSettingsBody.parse(body)).toMatchObject({ coin: 'XHD', min_whole: '8000' });
    expect(codeOf({ ...body, min_whole: '1' })).toBe('ok');
    expect(codeOf({ ...body, owner_share: '97', miner_share: '3' })).toBe('ok');
  });

  it('refuses deal shares over 100 % together, a fractional or zero least amount, and a term out of range', () => {
    expect(codeOf({ ...body, owner_share: '97', miner_share: '3.01' })).toBe('INVALID_PARAMETER');
    expect(codeOf({ ...body, owner_share: '100.5' })).toBe('INVALID_PARAMETER');
    expect(codeOf({ ...body, min_whole: '1.5' })).toBe('MORTGAGE_NOT_INTEGER');
    expect(codeOf({ ...body, min_whole: '0' })).toBe('MORTGAGE_AMOUNT_TOO_SMALL');
    expect(codeOf({ ...body, deal_term_days: 0 })).toBe('INVALID_PARAMETER');
    expect(codeOf({ ...body, deal_term_days: 3651 })).toBe('INVALID_PARAMETER');
  });

  it('reads a percent text as basis points', () => {
    expect([percentBp('94'), percentBp('2.5'), percentBp('0.01')]).toEqual([9400, 250, 1]);
  });
});
