import { ERR } from '@platter/domain';
import { useRef } from 'react';
import { ApiRequestError } from '../../api/index.ts';
import { newRequestId } from '../wallet/WithdrawDialog.tsx';

/**
 * Idempotency keys for the cooperation calls (`request_id`; README 'Cooperation calls'
 * request_id'): one per submission, named by what it sends (the call and its body). A second
 * click while the first is on its way, or a retry after the request was lost (no answer), sends
 * the same submission with the same key, so the server moves the money once; once the server
 * has answered (done or refused — but not "the same request is still being processed", 2004),
 * sending it again is a new submission with a new key.
 */
export function useRequestKeys() {
  const pending = useRef(new Map<string, string>());
  return {
    /**
     * Sends one submission with its key: the one kept from an unanswered send of it, else a new
     * one. Answers the server's answer, or undefined when the request was lost on the way (the
     * client has shown it; the key is kept for the retry).
     */
    async send<T extends object>(submission: string, call: (requestId: string) => Promise<T>): Promise<T | undefined> {
      let key = pending.current.get(submission);
      if (key === undefined) {
        key = newRequestId();
        pending.current.set(submission, key);
      }
      let answer: T;
      try {
        answer = await call(key);
      } catch (error) {
        if (error instanceof ApiRequestError) return undefined;
        throw error;
      }
      // "Still being processed" (2004) is no answer: the first request may still commit, so a retry keeps its key.
      if ('code' in answer && answer.code !== ERR.IDEMPOTENCY_IN_PROGRESS) pending.current.delete(submission);
      return answer;
    },
  };
}
