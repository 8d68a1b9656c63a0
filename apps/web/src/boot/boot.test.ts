// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { installLegacySupport } from './legacy.ts';
import { applyRetina } from './retina.ts';

afterEach(() => document.documentElement.classList.remove('retina', 'legacy'));

describe('device bundles (spec doc 2 §4)', () => {
  it('marks the root for retina phones', () => {
    applyRetina();
    expect(document.documentElement.classList.contains('retina')).toBe(true);
  });

  it('installs the missing features on an old browser and leaves present ones alone', () => {
    const scope = { structuredClone: undefined } as unknown as typeof globalThis;
    installLegacySupport(scope);
    const clone = scope.structuredClone({ a: [1, { b: 'c' }] });
    expect(clone).toEqual({ a: [1, { b: 'c' }] });
    expect(document.documentElement.classList.contains('legacy')).toBe(true);

    const native = globalThis.structuredClone;
    installLegacySupport(globalThis);
    expect(globalThis.structuredClone).toBe(native);
    expect([1, 2, 3].at(-1)).toBe(3);
    expect(Object.hasOwn({ x: 1 }, 'x')).toBe(true);
  });
});
