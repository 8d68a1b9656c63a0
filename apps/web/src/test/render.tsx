import { App } from 'antd';
import { act, useEffect, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useLocation } from 'react-router';

// What the app loads as chunks of its own (React.lazy) is loaded here, before any test starts,
// so a test's time goes to the behaviour it checks, not to transforming those modules.
import '../app/header/AddressQueryDialog.tsx';
import '../app/header/MobileDrawer.tsx';
import 'antd/es/carousel/index.js';
import 'antd/es/pagination/index.js';

/** Minimal rendering helpers for happy-dom tests (no testing-library installed). */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  root: Root;
  /** Draws `ui` in place of what was rendered, in the same wrapper (so the components it keeps keep their state). */
  rerender: (ui: ReactElement) => Promise<void>;
  unmount: () => void;
}

const mounted: Rendered[] = [];

export async function render(ui: ReactElement): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  // As in the app, inside antd's <App> (no element of its own): a message or notification then
  // lives in the tree under test and closes with it, not in a static root whose timer outlives
  // the file's last test.
  const draw = (next: ReactElement) => root.render(<App component={false}>{next}</App>);
  await act(async () => {
    draw(ui);
  });
  const rendered: Rendered = {
    container,
    root,
    rerender: (next) =>
      act(async () => {
        draw(next);
      }),
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
  mounted.push(rendered);
  return rendered;
}

/** Unmounts everything rendered so far and empties the body (antd portals included). */
export function cleanup(): void {
  for (const rendered of mounted.splice(0)) rendered.unmount();
  document.body.innerHTML = '';
}

/** Lets pending promises, lazy chunks and timers of `ms` settle inside act(). */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/** Polls until `check` returns a value (lazy chunks load asynchronously). */
export async function waitFor<T>(check: () => T | null | undefined | false, timeoutMs = 3000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error('waitFor: timed out');
    await settle(10);
  }
}

export function byTestId(testId: string, scope: ParentNode = document): HTMLElement | null {
  return scope.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
}

export async function click(element: Element): Promise<void> {
  await act(async () => {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
}

/** Types into a React-controlled input or text area. */
export async function typeInto(input: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Renders nothing; records the router location for assertions. */
export const currentLocation = { pathname: '', search: '' };
export function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    currentLocation.pathname = location.pathname;
    currentLocation.search = location.search;
  }, [location]);
  return null;
}
