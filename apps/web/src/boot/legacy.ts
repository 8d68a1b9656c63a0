/**
 * The old-browser support bundle (spec doc 2 §4): loaded before the first render when a
 * modern feature the app relies on is missing. Small, honest polyfills only: the clone is
 * for plain JSON-like data (what the app clones), not the full structured-clone algorithm.
 */
export function installLegacySupport(scope: typeof globalThis = globalThis): void {
  if (typeof scope.structuredClone !== 'function') {
    scope.structuredClone = (<T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T))) as typeof structuredClone;
  }
  if (typeof Array.prototype.at !== 'function') {
    Object.defineProperty(Array.prototype, 'at', {
      configurable: true,
      writable: true,
      value: function at<T>(this: T[], index: number): T | undefined {
        const i = Math.trunc(index) || 0;
        return this[i < 0 ? this.length + i : i];
      },
    });
  }
  if (typeof Object.hasOwn !== 'function') {
    Object.defineProperty(Object, 'hasOwn', {
      configurable: true,
      writable: true,
      value: (object: object, key: PropertyKey) => Object.prototype.hasOwnProperty.call(object, key),
    });
  }
  document.documentElement.classList.add('legacy');
}
