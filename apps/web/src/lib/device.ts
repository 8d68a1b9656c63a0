/** Layout and device decisions of spec doc 2 §2, §4 and §9 as pure functions. */

/** The desktop and mobile layouts switch at a window width of 992 px or less. */
export const MOBILE_MAX_WIDTH = 992;
/** The header changes appearance once the page is scrolled more than this. */
export const HEADER_SCROLL_THRESHOLD = 50;

export function isMobileWidth(width: number): boolean {
  return width <= MOBILE_MAX_WIDTH;
}

/** Phone width: under antd's `md` breakpoint (768 px), where the public data tables become cards. */
export function isPhoneWidth(width: number): boolean {
  return width < 768;
}

export function isScrolledPast(scrollY: number, threshold: number = HEADER_SCROLL_THRESHOLD): boolean {
  return scrollY > threshold;
}

/** A retina phone (pixel ratio 2 or more, mobile width) loads the hi-dpi bundle. */
export function needsRetinaBundle(devicePixelRatio: number, width: number): boolean {
  return devicePixelRatio >= 2 && isMobileWidth(width);
}

export interface FeatureProbe {
  structuredClone?: unknown;
  Array?: { prototype: { at?: unknown } };
  Object?: { hasOwn?: unknown };
}

/** An old browser (no structuredClone, Array#at or Object.hasOwn) loads the support bundle. */
export function needsLegacyBundle(scope: FeatureProbe): boolean {
  return typeof scope.structuredClone !== 'function' || typeof scope.Array?.prototype.at !== 'function' || typeof scope.Object?.hasOwn !== 'function';
}

/** The header is hidden when the query string carries `h5` (`?h5`, `?h5=1`, `?a=b&h5`). */
export function isH5(search: string): boolean {
  return new URLSearchParams(search).has('h5');
}
