import { registerAllLanguages } from '../i18n/all.ts';

// The app loads the shown language's chunk before its first render (main.tsx); a unit test
// renders at once and may switch languages, so every language is there from the start.
registerAllLanguages();

// happy-dom's ResizeObserver never reports. A browser's reports each observed element once after
// the frame's layout, then on every resize: the first report is what this double gives (a
// microtask after observe), with the element's box (0 × 0 here, as happy-dom lays nothing out).
class FirstReportResizeObserver {
  private observed = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element): void {
    this.observed.add(target);
    queueMicrotask(() => {
      if (!this.observed.has(target)) return;
      const rect = target.getBoundingClientRect();
      const size = [{ inlineSize: rect.width, blockSize: rect.height }];
      const entry = { target, contentRect: rect, borderBoxSize: size, contentBoxSize: size, devicePixelContentBoxSize: size } as unknown as ResizeObserverEntry;
      this.callback([entry], this as unknown as ResizeObserver);
    });
  }
  unobserve(target: Element): void {
    this.observed.delete(target);
  }
  disconnect(): void {
    this.observed.clear();
  }
}
globalThis.ResizeObserver = FirstReportResizeObserver as unknown as typeof ResizeObserver;
