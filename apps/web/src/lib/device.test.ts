// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isH5, isMobileWidth, isScrolledPast, needsLegacyBundle, needsRetinaBundle } from './device.ts';

describe('layout switches (spec doc 2 §2, §9)', () => {
  it('is mobile at 992 px or less', () => {
    expect(isMobileWidth(992)).toBe(true);
    expect(isMobileWidth(390)).toBe(true);
    expect(isMobileWidth(993)).toBe(false);
  });

  it('counts as scrolled only past 50 px', () => {
    expect(isScrolledPast(0)).toBe(false);
    expect(isScrolledPast(50)).toBe(false);
    expect(isScrolledPast(51)).toBe(true);
  });

  it('hides the header when the query carries h5', () => {
    expect(isH5('?h5')).toBe(true);
    expect(isH5('?h5=1')).toBe(true);
    expect(isH5('?lang=en&h5')).toBe(true);
    expect(isH5('')).toBe(false);
    expect(isH5('?id=3')).toBe(false);
  });
});

describe('bundles before first render (spec doc 2 §4)', () => {
  it('loads the retina bundle for pixel ratio ≥ 2 at mobile width', () => {
    expect(needsRetinaBundle(2, 390)).toBe(true);
    expect(needsRetinaBundle(3, 992)).toBe(true);
    expect(needsRetinaBundle(1.5, 390)).toBe(false);
    expect(needsRetinaBundle(2, 1440)).toBe(false);
  });

  it('loads the legacy bundle when a modern feature is missing', () => {
    const modern = { structuredClone: () => undefined, Array: { prototype: { at: () => undefined } }, Object: { hasOwn: () => true } };
    expect(needsLegacyBundle(modern)).toBe(false);
    expect(needsLegacyBundle({ ...modern, structuredClone: undefined })).toBe(true);
    expect(needsLegacyBundle({ ...modern, Array: { prototype: {} } })).toBe(true);
    expect(needsLegacyBundle({ ...modern, Object: {} })).toBe(true);
    expect(needsLegacyBundle(globalThis)).toBe(false);
  });
});
