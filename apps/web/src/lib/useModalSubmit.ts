import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ApiAnswer } from '../api/client.ts';
import { useSuccessToast } from './useSuccessToast.ts';

/** What an accepted answer does, in this order: queries fetched again, the success message, then `onDone` (the dialog's close). */
export interface ModalSubmitOptions {
  invalidate?: readonly QueryKey[];
  /** The success message, translated by the caller. */
  success?: string;
  onDone?: () => void | Promise<void>;
}

/** An accepted answer: the envelope's code 200. */
export const isOk = (answer: ApiAnswer<unknown> | undefined): boolean => answer !== undefined && 'code' in answer && answer.code === 200;

/**
 * A dialog's submit (issue 23's review): `busy` while the call runs, a second submit meanwhile
 * ignored; on an accepted answer the options' refreshes, success message and close. A refused
 * answer or a transport failure leaves the dialog open as it is (the API client has shown the
 * error). Answers the call's answer (undefined when ignored or failed in transport).
 */
export function useModalSubmit(): { busy: boolean; submit: <T>(call: () => Promise<ApiAnswer<T>>, options?: ModalSubmitOptions) => Promise<ApiAnswer<T> | undefined> } {
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const submit = async <T>(call: () => Promise<ApiAnswer<T>>, options: ModalSubmitOptions = {}): Promise<ApiAnswer<T> | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    try {
      const answer = await call();
      if (isOk(answer)) {
        await Promise.all((options.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        if (options.success) toast(options.success);
        await options.onDone?.();
      }
      return answer;
    } catch {
      // A transport failure: the API client has already shown it.
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, submit };
}
