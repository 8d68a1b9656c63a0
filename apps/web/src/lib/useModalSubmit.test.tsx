// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../api/client.ts';
import { cleanup, render, settle, waitFor } from '../test/render.tsx';
import { useModalSubmit, type ModalSubmitOptions } from './useModalSubmit.ts';

afterEach(() => cleanup());

type Submit = ReturnType<typeof useModalSubmit>['submit'];

/** A dialog's stand-in: shows `busy`, reads a query that an accepted answer refreshes, and hands its submit out. */
async function harness() {
  let fetches = 0;
  const handle: { submit?: Submit; busy?: boolean } = {};
  function Dialog() {
    const { busy, submit } = useModalSubmit();
    useQuery({ queryKey: ['things'], queryFn: async () => ++fetches });
    handle.submit = submit;
    handle.busy = busy;
    return <span data-testid="busy">{String(busy)}</span>;
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await render(
    <QueryClientProvider client={client}>
      <App>
        <Dialog />
      </App>
    </QueryClientProvider>,
  );
  await waitFor(() => fetches === 1);
  return { handle, fetches: () => fetches };
}

/** A call that answers when told to. */
function deferred<T>() {
  let resolve!: (value: ApiAnswer<T>) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<ApiAnswer<T>>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const toasts = () => [...document.querySelectorAll('.success-toast')].map((n) => n.textContent);

describe('useModalSubmit', () => {
  it('is busy while the call runs; an accepted answer refreshes the queries, then toasts, then closes — once', async () => {
    const { handle, fetches } = await harness();
    const steps: string[] = [];
    const call = deferred<{ id: string }>();
    const options: ModalSubmitOptions = { invalidate: [['things']], success: 'Saved', onDone: () => void steps.push(`done after ${fetches()} fetches`) };
    let outcome: Promise<unknown> | undefined;
    await act(async () => {
      outcome = handle.submit!(() => call.promise, options);
    });
    expect(handle.busy).toBe(true);
    // A second click meanwhile is ignored: no second call.
    let second = 0;
    await act(async () => {
      await handle.submit!(async () => {
        second++;
        return { code: 200, msg: '', data: null };
      });
    });
    expect(second).toBe(0);
    await act(async () => {
      call.resolve({ code: 200, msg: 'ok', data: { id: '7' } });
      await outcome;
    });
    await settle(50);
    expect(await outcome).toMatchObject({ code: 200, data: { id: '7' } });
    expect(steps).toEqual(['done after 2 fetches']);
    expect(toasts()).toEqual(['Saved']);
    expect(handle.busy).toBe(false);
  });

  it('a refused answer leaves the dialog as it is: no refresh, no message, no close, not busy', async () => {
    const { handle, fetches } = await harness();
    let closed = 0;
    let answer: unknown;
    await act(async () => {
      answer = await handle.submit!(async () => ({ code: 1013, msg: 'E-mail code is incorrect', data: null }), {
        invalidate: [['things']],
        success: 'Saved',
        onDone: () => void closed++,
      });
    });
    await settle(50);
    expect(answer).toMatchObject({ code: 1013 });
    expect({ closed, fetches: fetches(), toasts: toasts(), busy: handle.busy }).toEqual({ closed: 0, fetches: 1, toasts: [], busy: false });
  });

  it('a transport failure answers nothing and frees the dialog for another try', async () => {
    const { handle } = await harness();
    let closed = 0;
    let answer: unknown = 'unset';
    await act(async () => {
      answer = await handle.submit!(() => Promise.reject(new TypeError('fetch failed')), { onDone: () => void closed++ });
    });
    expect({ answer, closed, busy: handle.busy }).toEqual({ answer: undefined, closed: 0, busy: false });
    await act(async () => {
      answer = await handle.submit!(async () => ({ code: 200, msg: '', data: null }), { onDone: () => void closed++ });
    });
    expect(closed).toBe(1);
  });
});
