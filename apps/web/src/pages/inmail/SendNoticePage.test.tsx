// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { aliceInfo, freshDesktopApp, renderApp, signedIn } from '../../test/app.tsx';
import { ok } from '../../test/fetchMock.ts';
import { byTestId, click, typeInto, waitFor } from '../../test/render.tsx';
import { parseUids } from './SendNoticePage.tsx';

freshDesktopApp();

/** /admin/send_notice: uids typed in one box, split the way an operator pastes them. */
describe('send_notice', () => {
  it('splits uids on commas, spaces, semicolons and new lines, once each', () => {
    expect(parseUids(' 10000001, 10000002\n10000003;10000001 ，10000004 ')).toEqual(['10000001', '10000002', '10000003', '10000004']);
    expect(parseUids('  ')).toEqual([]);
  });

  it('checks the form with the server’s schema: an empty language is required, nothing is sent', { timeout: 30_000 }, async () => {
    const { calls } = await renderApp('/admin/send_notice', {
      'GET /api/user/info': signedIn({ ...aliceInfo, redirect_url: '/admin' }),
      'GET /api/admin/GetNotificationList': ok({ list: [], total: 0 }),
    });
    await waitFor(() => byTestId('send-notice-page'));
    await act(async () => {
      const box = byTestId('notice-ids') as HTMLTextAreaElement;
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(box, '10000001');
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await typeInto(byTestId('notice-title-en') as HTMLInputElement, 'Hello');
    await click(byTestId('notice-send') as HTMLElement);
    await waitFor(() => byTestId('notice-lang-zh')?.textContent?.includes('Required.'), 10_000);
    expect(byTestId('notice-lang-en')?.textContent).toContain('Required.'); // the English content
    expect(byTestId('send-notice-page')?.textContent).not.toContain('Parameter error');
    expect(calls.some((c) => c.url.pathname.startsWith('/api/admin/SendNotification'))).toBe(false);
  });
});
