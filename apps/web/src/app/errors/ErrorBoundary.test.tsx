// @vitest-environment happy-dom
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { byTestId, cleanup, click, render, settle, waitFor } from '../../test/render.tsx';
import { lazyPage } from '../lazy.ts';
import { DelayedLoading, LOADING_DELAY_MS } from './DelayedLoading.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('the pool list exploded');
}

describe('lazy parts and errors (spec doc 2 §4)', () => {
  it("shows 'Loading...' only after a short delay", async () => {
    await render(<DelayedLoading />);
    expect(byTestId('loading-screen')).toBeNull();
    await settle(LOADING_DELAY_MS + 20);
    expect(byTestId('loading-screen')?.textContent).toContain('Loading...');
  });

  it("shows 'Loaded Error!' with a refresh button that reloads when a chunk fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    const Missing = lazyPage<object>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await render(
      <ErrorBoundary onReload={reload}>
        <Suspense fallback={<DelayedLoading />}>
          <Missing />
        </Suspense>
      </ErrorBoundary>,
    );
    const screen = await waitFor(() => byTestId('loaded-error'));
    expect(screen.textContent).toContain('Loaded Error!');
    await click(byTestId('loaded-error-refresh') as HTMLElement);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("shows 'Something went wrong.' with the error text and the component trace", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await render(
      <ErrorBoundary>
        <section>
          <Broken />
        </section>
      </ErrorBoundary>,
    );
    const screen = await waitFor(() => byTestId('render-error'));
    expect(screen.textContent).toContain('Something went wrong.');
    expect(byTestId('render-error-text')?.textContent).toBe('the pool list exploded');
    await waitFor(() => byTestId('render-error-trace'));
    expect(byTestId('render-error-trace')?.textContent).toContain('Broken');
  });

  it('dismisses the error when the route changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = await render(
      <ErrorBoundary resetKey="/a">
        <Broken />
      </ErrorBoundary>,
    );
    await waitFor(() => byTestId('render-error'));
    await settle();
    await view.rerender(
      <ErrorBoundary resetKey="/b">
        <p data-testid="fine">fine</p>
      </ErrorBoundary>,
    );
    expect(byTestId('fine')).not.toBeNull();
  });
});
