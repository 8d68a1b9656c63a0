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

  it('checks the form with the server’s schema: English alone is required, the other languages fall back to it', { timeout: 30_000 }, async () => {
    const { calls } = await renderApp('/admin/send_notice', {
      'GET /api/user/info': signedIn({ ...aliceInfo, redirect_url: '/admin', goole_auth: true }),
      'GET /api/admin/GetNotificationList': ok({ list: [], total: 0 }),
      'POST /api/admin/SendNotificationIds': ok({ id: '7', sent: 1 }),
    });
    await waitFor(() => byTestId('send-notice-page'));
    await act(async () => {
      const box = byTestId('notice-ids') as HTMLTextAreaElement;
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(box, '10000001');
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(byTestId('notice-optional-zh')?.textContent).toContain('English text');
    expect(byTestId('notice-optional-en')).toBeNull();
    await typeInto(byTestId('notice-title-en') as HTMLInputElement, 'Hello');
    await click(byTestId('notice-send') as HTMLElement);
    await waitFor(() => byTestId('notice-lang-en')?.textContent?.includes('Required.'), 10_000); // the English content
    expect(byTestId('notice-lang-zh')?.textContent).not.toContain('Required.');
    expect(byTestId('notice-lang-ru')?.textContent).not.toContain('Required.');
    expect(calls.some((c) => c.url.pathname.startsWith('/api/admin/SendNotification'))).toBe(false);

    await typeInto(byTestId('notice-content-en') as HTMLTextAreaElement, '<p>Maintenance tonight</p>');
    await click(byTestId('notice-send') as HTMLElement);
    await waitFor(() => calls.find((c) => c.url.pathname === '/api/admin/SendNotificationIds'), 10_000);
    const sent = calls.find((c) => c.url.pathname === '/api/admin/SendNotificationIds');
    expect(sent?.body).toMatchObject({ ids: ['10000001'], title: { en: 'Hello' }, content: { en: '<p>Maintenance tonight</p>' } });
  });
});
