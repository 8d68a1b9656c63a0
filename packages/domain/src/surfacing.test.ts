import { describe, expect, it } from 'vitest';
import { STATE_CLEAR_AFTER_202_MS, TOAST_MS, surfaceResponse } from './surfacing.ts';
// The catalogue's other languages, registered as the server has them.
import './errors/messages.all.ts';

const response = (body: unknown, userTriggered = false, messageList = false) => ({ kind: 'response', body, userTriggered, messageList }) as const;

describe('surfacing rules (spec doc 2 §8)', () => {
  it('passes 200, 212, 1030, an empty object and an error_code body silently', () => {
    for (const body of [{ code: 200, msg: 'ok', data: 1 }, { code: 212, msg: 'x' }, { code: 1030, msg: 'x' }, {}, { error_code: 5, error_message: 'x' }]) {
      expect(surfaceResponse(response(body, true), 'en')).toEqual({ action: 'silent' });
    }
  });

  it('shows 231 only when a click or submit triggered the call', () => {
    expect(surfaceResponse(response({ code: 231, msg: 'x' }, false), 'en')).toEqual({ action: 'silent' });
    expect(surfaceResponse(response({ code: 231, msg: 'x' }, true), 'en')).toEqual({
      action: 'toast',
      text: '231 - Verification must be completed',
      durationMs: TOAST_MS,
    });
  });

  it('shows nothing for 202 and clears the stored state an hour later', () => {
    expect(surfaceResponse(response({ code: 202, msg: 'x' }, true), 'en')).toEqual({
      action: 'not-logged-in',
      clearStateAfterMs: STATE_CLEAR_AFTER_202_MS,
    });
    expect(STATE_CLEAR_AFTER_202_MS).toBe(3_600_000);
  });

  it('shows the maintenance message for codes 500-599 and HTTP 5xx', () => {
    expect(surfaceResponse(response({ code: 503, msg: 'x' }), 'en')).toEqual({ action: 'maintenance', durationMs: 2000 });
    expect(surfaceResponse(response({ code: 599, msg: 'x' }), 'en').action).toBe('maintenance');
    expect(surfaceResponse({ kind: 'http-error', status: 502, statusText: 'Bad Gateway' }, 'en').action).toBe('maintenance');
  });

  it('links to phone binding for 1046', () => {
    expect(surfaceResponse(response({ code: 1046, msg: 'x' }, true), 'ru')).toMatchObject({ action: 'bind-phone' });
  });

  it('shows a known code as "code - message" in the interface language', () => {
    expect(surfaceResponse(response({ code: 10101, msg: 'server text' }, true), 'en')).toEqual({
      action: 'toast',
      text: '10101 - Insufficient balance',
      durationMs: 2000,
    });
    const zh = surfaceResponse(response({ code: 10101, msg: 'server text' }, true), 'zh');
    expect(zh.action === 'toast' && zh.text.startsWith('10101 - ') && !zh.text.includes('Insufficient')).toBe(true);
  });

  it('shows the server message for an unknown code', () => {
    expect(surfaceResponse(response({ code: 77777, msg: 'Something specific' }, true), 'en')).toEqual({
      action: 'toast',
      text: 'Something specific',
      durationMs: 2000,
    });
  });

  it('shows status and text for other HTTP errors', () => {
    expect(surfaceResponse({ kind: 'http-error', status: 404, statusText: 'Not Found' }, 'en')).toEqual({
      action: 'toast',
      text: '404 Not Found',
      durationMs: 2000,
    });
  });

  it('ignores a non-200 answer of the message list', () => {
    expect(surfaceResponse(response({ code: 10101, msg: 'x' }, false, true), 'en')).toEqual({ action: 'silent' });
  });
});
