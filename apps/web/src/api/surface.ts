import type { SurfaceDecision } from '@platter/domain';

/**
 * What the person sees for a surfacing decision (spec doc 2 §8). The effects are injected:
 * the app wires them to antd's message API and the persisted state; tests record them.
 */
export interface SurfaceEffects {
  /** An error toast with the given text. */
  toast(text: string, durationMs: number): void;
  /** The maintenance text ('System maintenance, please try again later'). */
  maintenance(durationMs: number): void;
  /** The toast with a link to bind a phone (route BIND_PHONE_ROUTE). */
  bindPhone(text: string, durationMs: number): void;
  /** Code 202: clear the persisted state after `afterMs`. */
  scheduleStateClear(afterMs: number): void;
}

/** Where the bind-phone link of code 1046 goes. */
export const BIND_PHONE_ROUTE = '/center/security/phone';

export function executeDecision(decision: SurfaceDecision, effects: SurfaceEffects): void {
  switch (decision.action) {
    case 'silent':
      return;
    case 'not-logged-in':
      effects.scheduleStateClear(decision.clearStateAfterMs);
      return;
    case 'maintenance':
      effects.maintenance(decision.durationMs);
      return;
    case 'bind-phone':
      effects.bindPhone(decision.text, decision.durationMs);
      return;
    case 'toast':
      effects.toast(decision.text, decision.durationMs);
      return;
  }
}
