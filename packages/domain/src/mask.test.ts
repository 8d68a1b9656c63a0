import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask.ts';

describe('maskEmail', () => {
  it('keeps the first three characters before the at-sign, then ***@domain', () => {
    expect(maskEmail('alice@example.com')).toBe('ali***@example.com');
    expect(maskEmail('bo@example.com')).toBe('bo***@example.com');
    expect(maskEmail('a.b.c.d@mail.example.org')).toBe('a.b***@mail.example.org');
  });
});
