// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { sanitizeAddress } from './sanitizeAddress.ts';

describe('sanitizeAddress (spec doc 2 §5)', () => {
  it('keeps letters and digits', () => {
    expect(sanitizeAddress('xch1abc234')).toBe('xch1abc234');
    expect(sanitizeAddress('ABCdef0123456789')).toBe('ABCdef0123456789');
  });

  it('removes whitespace as typed', () => {
    expect(sanitizeAddress(' xch1 abc\t234\n')).toBe('xch1abc234');
  });

  it('removes non-word characters', () => {
    expect(sanitizeAddress('xch1-abc.234!@#$%^&*()+=')).toBe('xch1abc234');
    expect(sanitizeAddress('BURST-ABCD-EFGH')).toBe('BURSTABCDEFGH');
  });

  it('empties a value that is not only letters and digits after cleaning', () => {
    expect(sanitizeAddress('xch1_abc')).toBe('');
    expect(sanitizeAddress('__')).toBe('');
  });

  it('drops non-ASCII letters (they are non-word characters)', () => {
    expect(sanitizeAddress('地址abc')).toBe('abc');
    expect(sanitizeAddress('адрес1')).toBe('1');
  });

  it('returns an empty string for empty or all-removed input', () => {
    expect(sanitizeAddress('')).toBe('');
    expect(sanitizeAddress('  -- ..')).toBe('');
  });

  it('is idempotent', () => {
    for (const raw of ['a b-c', 'x_y', '  ', 'Q1!']) expect(sanitizeAddress(sanitizeAddress(raw))).toBe(sanitizeAddress(raw));
  });
});
