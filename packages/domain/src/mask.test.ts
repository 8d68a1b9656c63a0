import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './mask.ts';

describe('maskEmail', () => {
  it('keeps the first three characters before the at-sign, then ***@domain', () => {
    expect(maskEmail('alice@example.com')).toBe('ali***@example.com');
    expect(maskEmail('bo@example.com')).toBe('bo***@example.com');
    expect(maskEmail('a.b.c.d@mail.example.org')).toBe('a.b***@mail.example.org');
  });
});

describe('maskPhone', () => {
  it('shows the dial prefix, the first 3 and last 2 digits', () => {
    expect(maskPhone('0086', '13800138000')).toBe('+86 138******00');
    expect(maskPhone('001', '2025550123')).toBe('+1 202*****23');
    expect(maskPhone('00372', '5123')).toBe('+372 5***');
  });
});
