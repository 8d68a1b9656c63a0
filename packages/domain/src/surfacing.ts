import { ERR, isKnownCode } from './errors/codes.ts';
import { errorMessage } from './errors/messages.ts';
import type { Lang } from './lang.ts';

/**
 * The web client's surfacing rules of spec doc 2 §8, as one pure decision so that every row
 * of the table has a unit test. The API client carries out the decision (toast, link, state).
 */

/** How long a toast stays, per the spec (2 seconds). */
export const TOAST_MS = 2000;
/** After a 202 the persisted client state is cleared this much later (36e5 ms, one hour). */
export const STATE_CLEAR_AFTER_202_MS = 36e5;

export type SurfaceInput =
  | {
      kind: 'response';
      /** The parsed JSON body. */
      body: unknown;
      /** The call was made by a click or a submit (code 231 is shown only then). */
      userTriggered: boolean;
      /** The message-list call: a non-200 answer is ignored. */
      messageList?: boolean;
    }
  | { kind: 'http-error'; status: number; statusText: string }
  | { kind: 'network-error' };

export type SurfaceDecision =
  | { action: 'silent' }
  | { action: 'not-logged-in'; clearStateAfterMs: number }
  | { action: 'maintenance'; durationMs: number }
  | { action: 'bind-phone'; text: string; durationMs: number }
  | { action: 'toast'; text: string; durationMs: number };

const SILENT_CODES = new Set<number>([ERR.OK, ERR.NO_DATA, ERR.SECOND_FACTOR_REQUIRED]);

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

/** Decides what the person sees for one answer. `maintenanceText` is looked up by the UI. */
export function surfaceResponse(input: SurfaceInput, lang: Lang): SurfaceDecision {
  if (input.kind === 'network-error') return { action: 'maintenance', durationMs: TOAST_MS };
  if (input.kind === 'http-error') {
    if (input.status >= 500 && input.status <= 599) return { action: 'maintenance', durationMs: TOAST_MS };
    return { action: 'toast', text: `${input.status} ${input.statusText}`.trim(), durationMs: TOAST_MS };
  }
  const body = input.body;
  if (isEmptyObject(body)) return { action: 'silent' };
  if (typeof body !== 'object' || body === null) return { action: 'silent' };
  if ('error_code' in body) return { action: 'silent' };
  const rawCode = (body as { code?: unknown }).code;
  if (typeof rawCode !== 'number') return { action: 'silent' };
  const code = rawCode;
  if (SILENT_CODES.has(code)) return { action: 'silent' };
  if (input.messageList) return { action: 'silent' };
  if (code === ERR.VERIFICATION_REQUIRED && !input.userTriggered) return { action: 'silent' };
  if (code === ERR.NOT_LOGGED_IN) return { action: 'not-logged-in', clearStateAfterMs: STATE_CLEAR_AFTER_202_MS };
  if (code >= 500 && code <= 599) return { action: 'maintenance', durationMs: TOAST_MS };
  const text = isKnownCode(code) ? errorMessage(code, lang) : undefined;
  if (code === ERR.PHONE_NOT_BOUND) {
    return { action: 'bind-phone', text: `${code} - ${text ?? ''}`, durationMs: TOAST_MS };
  }
  if (text !== undefined) return { action: 'toast', text: `${code} - ${text}`, durationMs: TOAST_MS };
  const serverMsg = (body as { msg?: unknown }).msg;
  return { action: 'toast', text: typeof serverMsg === 'string' && serverMsg ? serverMsg : String(code), durationMs: TOAST_MS };
}
