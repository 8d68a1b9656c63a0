import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiAnswer } from '../../api/index.ts';
import { useSuccessToast } from '../../lib/useSuccessToast.ts';
import { ok, walletKeys } from './walletApi.ts';

/**
 * A wallet form's submission: busy while the call runs; on code 200 the wallet's data is
 * fetched again, `onDone` runs and `success` (when given) is shown. `run` answers true (done),
 * false (a business code: the form stays open) or undefined (lost in transit). The API client
 * has shown any error.
 */
export function useWalletSubmit(onDone: () => void, success?: string) {
  const queryClient = useQueryClient();
  const toast = useSuccessToast();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<ApiAnswer<unknown>>): Promise<boolean | undefined> => {
    setBusy(true);
    try {
      if (!ok(await call())) return false;
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
      onDone();
      if (success) toast(success);
      return true;
    } catch {
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
